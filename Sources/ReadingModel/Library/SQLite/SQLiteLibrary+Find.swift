#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  public func find(_ reference: String) throws -> BookLookup {
    let reference = reference.trimmingWhitespace()
    guard !reference.isEmpty else { return .notFound }
    return try reading(orIfMissing: .notFound) { connection in
      // An ISBN first: a 10- or 13-digit number is far more likely an ISBN than an id.
      if let isbn = ISBN(reference) {
        let matches = try books(where: "b.isbn13 = ?", [.text(isbn.isbn13)], on: connection)
        if !matches.isEmpty { return Self.lookup(matches) }
      }
      if let id = Book.ID(reference) {
        return try fetchBook(id, on: connection).map(BookLookup.found) ?? .notFound
      }
      return try findByTitle(SearchKey.fold(reference), on: connection)
    }
  }

  /// Exact title, else titles starting with the words, else the books that hold every word
  /// as `list --search` finds them (in the title, an author or a tag): one rule for finding
  /// a book by words.
  private func findByTitle(_ folded: String, on connection: SQLiteConnection) throws
    -> BookLookup
  {
    let exact = try books(where: "b.title_key = ?", [.text(folded)], on: connection)
    if !exact.isEmpty { return Self.lookup(exact) }
    // Every title starting with `folded` sorts between it and it followed by the highest
    // character, so the title index answers this.
    let prefix = try books(
      where: "b.title_key >= ?1 AND b.title_key < ?1 || char(1114111)", [.text(folded)],
      on: connection)
    if !prefix.isEmpty { return Self.lookup(prefix) }
    let words = try Self.searchWords(folded, on: connection).map(\.condition)
    guard !words.isEmpty else { return .notFound }
    let contained = try books(
      where: words.map(\.0).joined(separator: " AND "), words.flatMap(\.1), on: connection)
    return Self.lookup(contained)
  }

  /// Up to one more than ``BookLookup/candidateLimit`` books matching `condition`, by id.
  private func books(
    where condition: String, _ parameters: [SQLiteValue?], on connection: SQLiteConnection
  ) throws -> [Book] {
    try connection.all(
      "SELECT \(Self.bookColumns) FROM books b WHERE \(condition) ORDER BY b.id LIMIT ?",
      parameters + [.integer(Int64(BookLookup.candidateLimit + 1))], Self.book(from:))
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
}

extension SQLiteLibrary {
  /// Every book with an ISBN-13, by id: the books a cover can be fetched for.
  public func booksWithISBN() throws -> [Book] {
    try reading(orIfMissing: []) { connection in
      try connection.all("SELECT id FROM books WHERE isbn13 IS NOT NULL ORDER BY id") {
        $0.int64(0)
      }.compactMap { try fetchBook($0, on: connection) }
    }
  }
}
