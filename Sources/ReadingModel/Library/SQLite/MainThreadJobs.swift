import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The jobs a program runs on its main thread for tasks that prefer it (a command-line
/// program's `TaskExecutor` of the main queue, say).
///
/// A ``SQLiteLibrary`` called from one of them runs on the main thread too, as an actor
/// without an executor of its own would for such a task: a command that waits for its one
/// page starts no thread. Called from anywhere else, the library runs on its own queue
/// (``SQLiteExecutor``).
public enum MainThreadJobs {
  private struct State: @unchecked Sendable {
    /// The thread that runs the jobs (pthread_t is a pointer on Darwin).
    var thread: pthread_t?
    /// How many of its jobs are running (a job can run another's to the end).
    var depth = 0
  }

  private static let state = Mutex(State())

  /// Runs `job`, marked as one of the main thread's jobs for tasks that prefer it.
  ///
  /// - Parameter job: Runs an `ExecutorJob` to its next suspension.
  public static func run(_ job: () -> Void) {
    state.withLock {
      $0.thread = pthread_self()
      $0.depth += 1
    }
    defer { state.withLock { $0.depth -= 1 } }
    job()
  }

  /// Whether the calling thread is running one of the marked jobs.
  static var isRunningOne: Bool {
    state.withLock { state in
      guard state.depth > 0, let thread = state.thread else { return false }
      return pthread_equal(thread, pthread_self()) != 0
    }
  }
}
