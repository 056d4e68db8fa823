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
/// except jobs called from a job the program runs on its main thread for a task that
/// prefers it (``MainThreadJobs``): those run on the main thread, as they would on a default
/// actor, so a command that reads a page still starts no thread.
///
/// The jobs run one at a time, in order, wherever they run.
final class SQLiteExecutor: SerialExecutor {
  private struct State {
    var jobs: [UnownedJob] = []
    /// Whether a drain is scheduled or running: it runs every job queued meanwhile.
    var isDraining = false
  }

  private let queue: DispatchQueue
  private let state = Mutex(State())

  /// - Parameter label: Names the queue in a debugger or a crash log.
  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let startsDrain = state.withLock { state in
      state.jobs.append(job)
      defer { state.isDraining = true }
      return !state.isDraining
    }
    guard startsDrain else { return }
    if MainThreadJobs.isRunningOne {
      DispatchQueue.main.async { self.drain() }
    } else {
      queue.async { self.drain() }
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Runs the queued jobs, in order, until none is left.
  private func drain() {
    let executor = asUnownedSerialExecutor()
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
