import Synchronization

/// The task executor a program runs on its main thread for tasks that prefer it (a
/// command-line program's `TaskExecutor` of the main queue, say).
///
/// A ``SQLiteLibrary`` called by a task that prefers it runs there too, as an actor without
/// an executor of its own runs on the executor its caller's task prefers: a command that
/// waits for its one page starts no thread, whether it calls the library from that executor
/// or from the main actor. Called by any other task, the library runs on its own queue
/// (``SQLiteExecutor``).
public enum MainThreadJobs {
  private static let executor = Mutex<(any TaskExecutor)?>(nil)

  /// Names the executor whose tasks the library runs on the main thread.
  ///
  /// - Parameter executor: Runs its jobs on the main thread; kept for the program's life.
  public static func use(_ executor: any TaskExecutor) {
    self.executor.withLock { $0 = executor }
  }

  /// Whether the current task prefers that executor.
  static var arePreferredByCurrentTask: Bool {
    guard let preferred = executor.withLock({ $0?.asUnownedTaskExecutor() }) else {
      return false
    }
    return withUnsafeCurrentTask { task in task?.unownedTaskExecutor == preferred }
  }
}
