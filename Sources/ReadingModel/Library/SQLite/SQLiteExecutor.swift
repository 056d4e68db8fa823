import Dispatch
import Synchronization

/// Where a ``SQLiteLibrary`` runs: off Swift's cooperative pool.
///
/// SQLite blocks the thread that calls it: a write waits up to ``SQLiteLibrary/lockTimeout``
/// in SQLite's busy handler or for the library's lock (``LibraryLock``), and every read and
/// write waits for the disk. The cooperative pool has one thread per core, so on a small
/// machine a waiting write held one of two threads and everything else (the browser's keys,
/// a spinner, other libraries) crowded onto the other, or stopped. So the library's jobs run
/// on a serial dispatch queue of its own, whose thread comes from dispatch's own pool (which
/// adds threads when one blocks, as GRDB keeps its SQLite work on queues of its own) —
/// except the jobs of a task that prefers the program's main-thread executor
/// (``MainThreadJobs``): those run on the main thread, as they would on an actor without an
/// executor of its own, so a command that reads a page still starts no thread.
///
/// Which of the two a job goes to is decided when its task asks for the library's executor
/// (``asUnownedSerialExecutor()``, called as the task moves onto the library), the one
/// moment the task is known. Both are views of one line of jobs, which run one at a time,
/// in order, wherever they run.
final class SQLiteExecutor: Sendable {
  /// The library's jobs, in the order they came.
  fileprivate final class Line: Sendable {
    private struct State {
      var jobs: [UnownedJob] = []
      /// Whether a drain is scheduled or running: it runs every job queued meanwhile.
      var isDraining = false
    }

    private let state = Mutex(State())

    /// Queues `job`.
    ///
    /// - Returns: Whether a drain must be started for it.
    func append(_ job: UnownedJob) -> Bool {
      state.withLock { state in
        state.jobs.append(job)
        defer { state.isDraining = true }
        return !state.isDraining
      }
    }

    /// Runs the queued jobs, in order, until none is left.
    func drain(on executor: UnownedSerialExecutor) {
      while let job = nextJob() {
        job.runSynchronously(on: executor)
      }
    }

    private func nextJob() -> UnownedJob? {
      state.withLock { state in
        guard !state.jobs.isEmpty else {
          state.isDraining = false
          return nil
        }
        return state.jobs.removeFirst()
      }
    }
  }

  /// One place the line's jobs can run from: a serial executor of its own to Swift, and
  /// the same one as the other place to its isolation checks.
  final class Place: SerialExecutor {
    private let line: Line
    private let queue: DispatchQueue

    fileprivate init(_ line: Line, queue: DispatchQueue) {
      self.line = line
      self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
      guard line.append(UnownedJob(job)) else { return }
      queue.async { self.line.drain(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
      UnownedSerialExecutor(complexEquality: self)
    }

    func isSameExclusiveExecutionContext(other: Place) -> Bool { other.line === line }
  }

  private let ownQueue: Place
  private let mainThread: Place

  /// - Parameter label: Names the queue in a debugger or a crash log.
  init(label: String) {
    let line = Line()
    ownQueue = Place(line, queue: DispatchQueue(label: label))
    mainThread = Place(line, queue: .main)
  }

  /// The main thread for a task that prefers the program's main-thread executor, else the
  /// library's queue.
  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    (MainThreadJobs.arePreferredByCurrentTask ? mainThread : ownQueue).asUnownedSerialExecutor()
  }
}
