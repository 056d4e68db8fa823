import Dispatch

/// Where a ``SQLiteLibrary`` runs: a serial dispatch queue of its own, off Swift's
/// cooperative pool.
///
/// SQLite blocks the thread that calls it: a write waits up to ``SQLiteLibrary/lockTimeout``
/// in SQLite's busy handler or for the library's lock (``LibraryLock``), and every read and
/// write waits for the disk. The cooperative pool has one thread per core, so on a small
/// machine a waiting write held one of two threads and everything else (the browser's keys,
/// a spinner, other libraries) crowded onto the other, or stopped. A dispatch queue's thread
/// comes from dispatch's own pool, which adds threads when one blocks (as GRDB keeps its
/// SQLite work on queues of its own).
final class SQLiteExecutor: SerialExecutor {
  private let queue: DispatchQueue

  /// - Parameter label: Names the queue's thread in a debugger or a crash log.
  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(queue))
  }
}
