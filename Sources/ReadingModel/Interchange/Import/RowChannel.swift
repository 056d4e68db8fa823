import Dispatch
import Synchronization

/// Rows handed over at once, and how the source ended after them, if it did.
struct RowChunk: Sendable {
  enum End: Sendable {
    case finished(remarks: [String])
    case failed(any Error)
  }

  var rows: [ImportRow]
  var end: End?
}

/// A bounded queue of chunks between the thread reading a source and the import taking its
/// rows.
final class RowChannel: Sendable {
  /// What both threads share.
  private struct Shared {
    var chunks: [RowChunk] = []
    /// Rows the import is done with, to be let go of by the reading thread. The memory of
    /// a row belongs to the thread that made it; freed by another, every free waits on a
    /// lock the reading thread holds while it makes the next rows (a fifth of the time of
    /// an unchanged re-import, measured).
    var spent: [[ImportRow]] = []
    var stopped = false
    /// How far through its file the reading thread is.
    var bytesRead = 0
  }

  private let shared = Mutex(Shared())
  /// Counts the chunks waiting.
  private let filled = DispatchSemaphore(value: 0)
  /// Counts the places free for chunks.
  private let free: DispatchSemaphore

  init(depth: Int) {
    // Made at zero and raised: libdispatch traps when a semaphore is freed below the value it
    // was made with, and an import that stops early leaves chunks unfreed.
    free = DispatchSemaphore(value: 0)
    for _ in 0..<depth { free.signal() }
  }

  /// How far through its file the reading thread is.
  var bytesRead: Int { shared.withLock { $0.bytesRead } }

  /// Reads `source` to its end or its first error, handing its rows over a chunk at a time;
  /// returns early when the import has stopped taking them.
  ///
  /// While chunks wait (the import is behind, as it is when most rows are new books), the
  /// reading thread also makes each book's merge base, work the import would otherwise do;
  /// while none wait (the import is ahead, as when a file comes again unchanged), it leaves
  /// that work to the import. It reads no row before the rows of the last import are
  /// published (``KnownSourceRows``).
  func produce(from source: any ImportSource, chunkSize: Int) {
    var source = source
    source.knownRows?.waitUntilPublished()
    var rows: [ImportRow] = []
    rows.reserveCapacity(chunkSize)
    var importIsBehind = false
    while true {
      let row: ImportRow?
      do {
        row = try source.next()
      } catch {
        send(RowChunk(rows: rows, end: .failed(error)), bytesRead: source.bytesRead)
        return
      }
      guard var row else {
        let end = RowChunk.End.finished(remarks: source.remarks)
        send(RowChunk(rows: rows, end: end), bytesRead: source.bytesRead)
        return
      }
      if importIsBehind, case .book(var book) = row {
        book.makeAhead()
        row = .book(book)
      }
      rows.append(row)
      if rows.count == chunkSize {
        guard let waiting = send(RowChunk(rows: rows), bytesRead: source.bytesRead) else {
          return
        }
        rows.removeAll(keepingCapacity: true)
        importIsBehind = waiting > 0
      }
    }
  }

  /// Waits for a free place and queues `chunk`.
  ///
  /// - Returns: How many chunks were waiting before it; `nil` when the import no longer
  ///   takes rows.
  @discardableResult
  private func send(_ chunk: RowChunk, bytesRead: Int) -> Int? {
    free.wait()
    var done: [[ImportRow]] = []
    let waiting = shared.withLock { shared -> Int? in
      swap(&done, &shared.spent)
      guard !shared.stopped else { return nil }
      defer { shared.chunks.append(chunk) }
      shared.bytesRead = bytesRead
      return shared.chunks.count
    }
    if waiting != nil { filled.signal() }
    done.removeAll()  // here, on the reading thread, outside the lock
    return waiting
  }

  /// Waits for the next chunk and takes it.
  ///
  /// - Parameter rows: Rows the import is done with, let go of by the reading thread.
  func take(givingBack rows: [ImportRow]) -> RowChunk {
    filled.wait()
    let chunk = shared.withLock { shared in
      if !rows.isEmpty { shared.spent.append(rows) }
      return shared.chunks.removeFirst()
    }
    free.signal()
    return chunk
  }

  /// Tells the reading thread that no more rows will be taken, waking it if it waits.
  func stop() {
    shared.withLock { $0.stopped = true }
    free.signal()
  }
}
