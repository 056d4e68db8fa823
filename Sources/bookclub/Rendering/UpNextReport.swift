import ReadingModel

/// The Up Next queue as text and as JSON.
enum UpNextReport {
  /// `1. Dune (12) — Frank Herbert · want to read`, a line a book.
  static func lines(_ queue: [Book]) -> [String] {
    let width = String(queue.count).count
    return queue.enumerated().map { index, book in
      let number = String(index + 1)
      return String(repeating: " ", count: width - number.count) + number + ". "
        + "\(book.shownTitle) (\(book.id)) — \(book.shownAuthors) · \(book.status.displayName)"
    }
  }

  /// `[{"book": BOOK, "place": 1}]`, first first (``BookJSON``).
  static func json(_ queue: [Book]) -> JSONValue {
    .array(
      queue.enumerated().map { index, book in
        .object([
          "book": .raw(BookJSON.object(ListedBook(book: book))),
          "place": .integer(Int64(index + 1)),
        ])
      })
  }
}
