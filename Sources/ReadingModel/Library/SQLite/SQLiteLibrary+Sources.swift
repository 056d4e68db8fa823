import Foundation

// A book's ids in other services, each with what that service said at its last import.
// A source id names exactly one book, and a book has at most one id per source.
extension SQLiteLibrary {
  /// The library's own id, made when it was created; `nil` when the library does not exist.
  public func libraryID() throws -> String? {
    try reading(orIfMissing: nil) { try libraryID(on: $0) }
  }

  func libraryID(on connection: SQLiteConnection) throws -> String? {
    let statement = try statement(
      "SELECT value FROM library_info WHERE key = 'id'", on: connection)
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) : nil
  }

  /// Makes this library the one an archive was exported from, when it is restored whole
  /// into an empty library.
  func adoptLibraryID(_ id: String, on connection: SQLiteConnection) throws {
    let statement = try statement(
      "INSERT OR REPLACE INTO library_info (key, value) VALUES ('id', ?)", on: connection)
    try statement.bind([.text(id)])
    try statement.step()
    statement.reset()
  }

  /// The book that `id` names in `source`.
  func book(source: String, id: String, on connection: SQLiteConnection) throws -> Book.ID? {
    try linked(source: source, id: id, on: connection)?.book
  }

  /// The book that `id` names in `source`, and what the source said at its last import.
  func linked(source: String, id: String, on connection: SQLiteConnection) throws
    -> (book: Book.ID, base: SourceBase?)?
  {
    let statement = try statement(
      """
      SELECT book_id, base_fields, base_columns FROM book_sources
      WHERE source = ? AND source_id = ?
      """, on: connection)
    try statement.bind([.text(source), .text(id)])
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    let base = statement.optionalText(1).map { fields in
      SourceBase(fieldsJSON: fields, columnsJSON: statement.optionalText(2) ?? "{}")
    }
    return (statement.int64(0), base)
  }

  /// The book's id in `source` and what the source said at its last import.
  func link(of bookID: Book.ID, in source: String, on connection: SQLiteConnection) throws
    -> (id: String, base: SourceBase?)?
  {
    let statement = try statement(
      """
      SELECT source_id, base_fields, base_columns FROM book_sources
      WHERE book_id = ? AND source = ?
      """, on: connection)
    try statement.bind([.integer(bookID), .text(source)])
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    let base = statement.optionalText(1).map { fields in
      SourceBase(fieldsJSON: fields, columnsJSON: statement.optionalText(2) ?? "{}")
    }
    return (statement.text(0), base)
  }

  /// Records that `id` names the book in `source`, with the source's base; replaces the
  /// book's earlier id in that source (a new book has none: `replacing` false skips looking).
  func link(
    _ bookID: Book.ID, to source: String, id: String, base: SourceBase?,
    replacing: Bool = true, on connection: SQLiteConnection
  ) throws {
    if replacing {
      let clear = try statement(
        "DELETE FROM book_sources WHERE book_id = ? AND source = ?", on: connection)
      try clear.bind([.integer(bookID), .text(source)])
      try clear.step()
      clear.reset()
    }
    let insert = try statement(
      """
      INSERT OR REPLACE INTO book_sources (source, source_id, book_id, base_fields, base_columns)
      VALUES (?, ?, ?, ?, ?)
      """, on: connection)
    try insert.bind([
      .text(source), .text(id), .integer(bookID), base.map { .text($0.fieldsJSON) },
      base.map { .text($0.columnsJSON) },
    ])
    try insert.step()
    insert.reset()
  }

  /// The bases of every book whose id is in `ids`, by book and source.
  func fetchBases(_ ids: ClosedRange<Book.ID>, on connection: SQLiteConnection) throws
    -> [Book.ID: [String: SourceBase]]
  {
    let statement = try statement(
      """
      SELECT book_id, source, base_fields, base_columns FROM book_sources
      WHERE book_id BETWEEN ? AND ? AND base_fields IS NOT NULL
      """, on: connection)
    try statement.bind([.integer(ids.lowerBound), .integer(ids.upperBound)])
    defer { statement.reset() }
    var bases: [Book.ID: [String: SourceBase]] = [:]
    while try statement.step() {
      bases[statement.int64(0), default: [:]][statement.text(1)] = SourceBase(
        fieldsJSON: statement.text(2), columnsJSON: statement.optionalText(3) ?? "{}")
    }
    return bases
  }
}
