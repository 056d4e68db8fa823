#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finding a book by what a person types (an id, an ISBN, title words) or by what a new
/// book says, on the connection of a transaction ``SQLiteLibrary`` opened.
struct FindTables {
  let connection: SQLiteConnection

  /// The book `reference` (trimmed, not empty) names: an ISBN first (a 10- or 13-digit
  /// number is far more likely an ISBN than an id), then an id, then title words.
  func find(_ reference: String) throws -> BookLookup {
    if let isbn = ISBN(reference) {
      let matches = try books(where: "b.isbn13 = ?", [.text(isbn.isbn13)])
      if !matches.isEmpty { return Self.lookup(matches) }
    }
    if let id = Book.ID(reference) {
      return try BookTables(connection: connection).book(id).map(BookLookup.found) ?? .notFound
    }
    return try findByTitle(SearchKey.fold(reference))
  }

  /// Exact title, else titles starting with the words, else the books that hold every word
  /// as `list --search` finds them (in the title, an author or a tag): one rule for finding
  /// a book by words.
  private func findByTitle(_ folded: String) throws -> BookLookup {
    let exact = try books(where: "b.title_key = ?", [.text(folded)])
    if !exact.isEmpty { return Self.lookup(exact) }
    // Every title starting with `folded` sorts between it and it followed by the highest
    // character, so the title index answers this.
    let prefix = try books(
      where: "b.title_key >= ?1 AND b.title_key < ?1 || char(1114111)", [.text(folded)])
    if !prefix.isEmpty { return Self.lookup(prefix) }
    let words = try SearchWord.words(of: folded, on: connection).map(\.condition)
    guard !words.isEmpty else { return .notFound }
    let contained = try books(
      where: words.map(\.0).joined(separator: " AND "), words.flatMap(\.1))
    return Self.lookup(contained)
  }

  /// Up to one more than ``BookLookup/candidateLimit`` books matching `condition`, by id.
  private func books(where condition: String, _ parameters: [SQLiteValue?]) throws -> [Book] {
    try connection.all(
      "SELECT \(BookTables.columns) FROM books b WHERE \(condition) ORDER BY b.id LIMIT ?",
      parameters + [.integer(Int64(BookLookup.candidateLimit + 1))], BookTables.book(from:))
  }

  private static func lookup(_ books: [Book]) -> BookLookup {
    switch books.count {
    case 0: .notFound
    case 1: .found(books[0])
    default:
      .ambiguous(
        Array(books.prefix(BookLookup.candidateLimit)),
        more: books.count > BookLookup.candidateLimit)
    }
  }

  /// Every book with an ISBN-13, by id.
  func booksWithISBN() throws -> [Book] {
    let books = BookTables(connection: connection)
    return try connection.all("SELECT id FROM books WHERE isbn13 IS NOT NULL ORDER BY id") {
      $0.int64(0)
    }.compactMap { try books.book($0) }
  }

  /// A book with the same ISBN, or the same title and first author (as ``MatchKey`` folds
  /// them).
  func duplicate(of book: NewBook) throws -> Book? {
    if let isbn = book.isbn,
      let found = try connection.first(
        "SELECT \(BookTables.columns) FROM books b WHERE b.isbn13 = ? LIMIT 1",
        [.text(isbn.isbn13)], BookTables.book(from:))
    {
      return found
    }
    return try connection.first(
      """
      SELECT \(BookTables.columns) FROM books b WHERE b.match_title = ? AND b.match_author = ?
      ORDER BY b.id LIMIT 1
      """,
      [.text(MatchKey.title(book.title)), .text(MatchKey.author(book.authors.first ?? ""))],
      BookTables.book(from:))
  }
}
