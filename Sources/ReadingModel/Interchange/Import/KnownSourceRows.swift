import Dispatch
import Synchronization

/// The rows of a source whose digests the library keeps with its links
/// (``SourceRowDigest``), handed from the import to the thread reading the file.
///
/// The import reads them inside its transaction, before it takes its first row; the
/// reading thread waits for them before it reads its first (``waitUntilPublished()``), so
/// that the same file is read the same way however the two threads are timed. A row whose
/// digest is here says what the base of that book's link says: the thread passes it on as
/// ``ImportRow/unchanged(line:book:)`` without mapping it.
public final class KnownSourceRows: Sendable {
  /// The source the links are to (`goodreads`).
  let source: String
  private let table = Mutex<[ContentDigest: Book.ID]?>(nil)
  /// Signalled once the books are published, and again by each wait that it ends.
  private let published = DispatchSemaphore(value: 0)

  init(source: String) { self.source = source }

  /// Hands over the books of the source's links, by the digest of their rows; only the
  /// first call counts.
  func publish(_ books: [ContentDigest: Book.ID]) {
    let first = table.withLock { current in
      guard current == nil else { return false }
      current = books
      return true
    }
    if first { published.signal() }
  }

  /// Publishes no books, if none were: every row is then mapped. What a reader of the rows
  /// that is no import does, and what a dropped source does to free its thread.
  func publishNone() { publish([:]) }

  /// Waits until the books are published.
  func waitUntilPublished() {
    published.wait()
    published.signal()
  }

  /// The books by row digest, once published.
  var books: [ContentDigest: Book.ID]? { table.withLock { $0 } }
}
