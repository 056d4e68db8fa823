#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book's ids in other services, each with what that service said at its last import, and
/// the library's own id, on the connection of a transaction ``SQLiteLibrary`` opened. A
/// source id names exactly one book, and a book has at most one id per source.
struct BookSourceTables {
  let connection: SQLiteConnection

  /// The library's own id, made when it was created.
  func libraryID() throws -> String? {
    try connection.first("SELECT value FROM library_info WHERE key = 'id'") { $0.text(0) }
  }

  /// Makes this library the one an archive was exported from, when it is restored whole
  /// into an empty library.
  func adoptLibraryID(_ id: String) throws {
    try connection.run(
      "INSERT OR REPLACE INTO library_info (key, value) VALUES ('id', ?)", [.text(id)])
  }

  /// The book that `id` names in `source`.
  func book(source: String, id: String) throws -> Book.ID? {
    try linked(source: source, id: id)?.book
  }

  /// The book that `id` names in `source`, what the source said at its last import, and
  /// the digest of the file row that said it (``SourceRowDigest``).
  func linked(source: String, id: String) throws -> (
    book: Book.ID, base: SourceBase?, rowDigest: ContentDigest?
  )? {
    try connection.first(
      """
      SELECT book_id, base_fields, base_columns, row_digest FROM book_sources
      WHERE source = ? AND source_id = ?
      """, [.text(source), .text(id)]
    ) { row in
      (
        row.int64(0), Self.base(row, fields: 1, columns: 2),
        row.optionalText(3).flatMap(ContentDigest.init(hex:))
      )
    }
  }

  /// The book of each link to `source` that keeps the digest of its row, by that digest:
  /// read from an index alone, no base.
  ///
  /// - Parameter limit: The most worth loading (a small file's import does not load a large
  ///   library's digests: it maps its few rows).
  /// - Returns: `nil` when there are more than `limit`.
  func booksByRowDigest(source: String, limit: Int) throws -> [ContentDigest: Book.ID]? {
    var books: [ContentDigest: Book.ID] = [:]
    var count = 0
    try connection.forEach(
      """
      SELECT row_digest, book_id FROM book_sources
      WHERE source = ? AND row_digest IS NOT NULL LIMIT ?
      """, [.text(source), .integer(Int64(limit) + 1)]
    ) { row in
      count += 1
      guard let digest = ContentDigest(hex: row.text(0)) else { return }
      books[digest] = row.int64(1)
    }
    return count > limit ? nil : books
  }

  /// Records that the base of the link of `id` in `source` is what a file row with
  /// `digest` says.
  func setRowDigest(_ digest: ContentDigest, source: String, id: String) throws {
    try connection.run(
      "UPDATE book_sources SET row_digest = ? WHERE source = ? AND source_id = ?",
      [.text(digest.hex), .text(source), .text(id)])
  }

  /// The book's id in `source` and what the source said at its last import.
  func link(of bookID: Book.ID, in source: String) throws -> (id: String, base: SourceBase?)? {
    try connection.first(
      """
      SELECT source_id, base_fields, base_columns FROM book_sources
      WHERE book_id = ? AND source = ?
      """, [.integer(bookID), .text(source)]
    ) { row in (row.text(0), Self.base(row, fields: 1, columns: 2)) }
  }

  /// Records that `id` names the book in `source`, with the source's base; replaces the
  /// book's earlier id in that source (a new book has none: `replacing` false skips looking).
  ///
  /// - Parameter rowDigest: The digest of the file row `base` is exactly (``SourceRowDigest``);
  ///   `nil` when the base is no one row as read.
  func link(
    _ bookID: Book.ID, to source: String, id: String, base: SourceBase?,
    rowDigest: ContentDigest? = nil, replacing: Bool = true,
    into tables: BookTableNames = .library
  ) throws {
    if replacing {
      try connection.run(
        "DELETE FROM book_sources WHERE book_id = ? AND source = ?",
        [.integer(bookID), .text(source)])
    }
    try connection.run(
      """
      INSERT \(replacing ? "OR REPLACE " : "")INTO \(tables.sources)
        (source, source_id, book_id, base_fields, base_columns, row_digest)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .text(source), .text(id), .integer(bookID), base.map { .text($0.fieldsJSON) },
        base.map { .text($0.columnsJSON) }, rowDigest.map { .text($0.hex) },
      ])
  }

  /// The bases of every book whose id is in `ids`, by book and source.
  func bases(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: [String: SourceBase]] {
    var bases: [Book.ID: [String: SourceBase]] = [:]
    try connection.forEach(
      """
      SELECT book_id, source, base_fields, base_columns FROM book_sources
      WHERE book_id BETWEEN ? AND ? AND base_fields IS NOT NULL
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      bases[row.int64(0), default: [:]][row.text(1)] = Self.base(row, fields: 2, columns: 3)
    }
    return bases
  }

  /// The base stored in two columns of a row, when there is one.
  private static func base(_ row: SQLiteRow, fields: Int32, columns: Int32) -> SourceBase? {
    row.optionalText(fields).map {
      SourceBase(fieldsJSON: $0, columnsJSON: row.optionalText(columns) ?? "{}")
    }
  }
}
