/// Reading highlights and quotes. Each method is one read transaction.
public protocol HighlightReading: Sendable {
  /// The book's highlights in book order: by position, then time.
  func highlights(of bookID: Book.ID) async throws -> [Highlight]

  /// Every book's highlights, newest first, at most `limit`; with `search`, only those
  /// whose text or note holds it (case ignored).
  func newestHighlights(search: String?, limit: Int) async throws
    -> [(book: Book, highlight: Highlight)]

  /// The highlight whose id starts with `prefix`, with its book's id; `nil` when none or
  /// several do.
  func highlight(startingWith prefix: String) async throws
    -> (highlight: Highlight, book: Book.ID)?
}
