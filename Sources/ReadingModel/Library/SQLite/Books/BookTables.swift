#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `books` rows, on the connection of a transaction ``SQLiteLibrary`` opened: reading a
/// book, and the writes ``SQLiteLibrary/apply(_:)`` and an import make. Opens no transaction.
struct BookTables {
  let connection: SQLiteConnection

  /// The columns of a book, of the table named `b`.
  static let columns = """
    b.id, b.title, b.authors, b.isbn10, b.isbn13, b.page_count, b.status, b.added_ms, \
    b.updated_ms, b.format, b.length_s
    """
  /// How many ``columns`` there are: a statement's own columns follow them.
  static let columnCount: Int32 = 11

  /// Reads the columns of ``columns`` of the current row, from `first` on, its numbers
  /// within ``StoredValue``'s bounds.
  static func book(from row: SQLiteRow, at first: Int32) -> Book {
    Book(
      id: row.int64(first),
      title: row.text(first + 1),
      authors: row.lines(first + 2),
      isbn10: row.optionalText(first + 3),
      isbn13: row.optionalText(first + 4),
      pageCount: row.pageCount(first + 5),
      format: row.rawCase(first + 9, of: BookFormat.self),
      length: row.optionalInt64(first + 10).flatMap { AudioLength(seconds: Int(clamping: $0)) },
      status: row.rawCase(first + 6, of: ReadingStatus.self) ?? .wantToRead,
      dateAdded: row.date(first + 7),
      dateUpdated: row.date(first + 8)
    )
  }

  /// Reads the first ``columnCount`` columns (``columns``) of the current row.
  static func book(from row: SQLiteRow) -> Book { book(from: row, at: 0) }

  /// The book with `id`, or `nil`.
  func book(_ id: Book.ID) throws -> Book? {
    try connection.first(
      "SELECT \(Self.columns) FROM books b WHERE b.id = ?", [.integer(id)], Self.book(from:))
  }

  /// Adds a book; ``SQLiteLibrary/apply(_:)`` with ``LibraryChange/addBook(_:)``.
  func add(_ newBook: NewBook) throws -> Book {
    let now = Date().roundedToMilliseconds
    var book = Book(
      id: 0, title: newBook.title, authors: newBook.authors, isbn10: newBook.isbn?.isbn10,
      isbn13: newBook.isbn?.isbn13, pageCount: newBook.pageCount, format: newBook.format,
      length: newBook.length, status: newBook.status,
      dateAdded: now, dateUpdated: now)
    var details = BookDetails()
    details.work = newBook.work
    details.series = newBook.series
    book.id = try insert(book, details: details, keepingID: false)
    if !details.isEmpty {
      try BookDetailTables(connection: connection).save(details, of: book.id, isNewBook: true)
    }
    return book
  }

  /// Inserts a book with its search keys, and the columns its details decide (rating,
  /// finish day, a source's last-name-first form), so a new book is written once.
  ///
  /// - Parameters:
  ///   - keys: Keys already worked out for the book's title and authors, if any.
  ///   - tables: The library's tables, or an import's staging tables.
  /// - Returns: The book's id: its own when `keepingID`, else a new one.
  func insert(
    _ book: Book, details: BookDetails = BookDetails(), keepingID: Bool, keys: BookKeys? = nil,
    into tables: BookTableNames = .library
  ) throws -> Book.ID {
    var values = Self.rowValues(book, keys: keys?.of(book))
    if let given = details.authorSort, !given.isEmpty {
      values[values.count - 3] = .text(SearchKey.fold(given))
    }
    try connection.run(
      """
      INSERT INTO \(tables.books) (title, authors, isbn10, isbn13, page_count, status, added_ms,
        updated_ms, title_key, author_key, search_text, match_title, match_author, author_sort,
        format, length_s, rating, finished_day, id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      values + Self.detailColumns(details) + [keepingID ? .integer(book.id) : nil])
    return keepingID ? book.id : connection.lastInsertedRowID
  }

  /// The `rating` and `finished_day` columns of a book with these details.
  static func detailColumns(_ details: BookDetails) -> [SQLiteValue?] {
    [
      .real(details.rating ?? 0),
      .text(ReadingPeriod.lastFinish(details.readings)?.description ?? ""),
    ]
  }

  /// Writes every column of an existing book.
  func update(_ book: Book) throws {
    try connection.run(
      """
      UPDATE books SET title = ?, authors = ?, isbn10 = ?, isbn13 = ?, page_count = ?,
        status = ?, added_ms = ?, updated_ms = ?, title_key = ?, author_key = ?,
        search_text = ?, match_title = ?, match_author = ?, author_sort = ?, format = ?,
        length_s = ?
      WHERE id = ?
      """, Self.rowValues(book) + [.integer(book.id)])
  }

  /// Sets the book's `updated_ms`.
  func setUpdated(_ book: Book) throws {
    try connection.run(
      "UPDATE books SET updated_ms = ? WHERE id = ?",
      [.integer(book.dateUpdated.milliseconds), .integer(book.id)])
  }

  /// The book's columns from `title` to `author_sort`, keys folded for sorting, search and
  /// matching, then `format` and `length_s`. (Rating, finish and a source's own last-name-first form come with the
  /// details: ``BookDetailTables/save(_:of:isNewBook:into:)``.)
  private static func rowValues(_ book: Book, keys: BookKeys? = nil) -> [SQLiteValue?] {
    let keys = keys ?? BookKeys(title: book.title, authors: book.authors)
    return [
      .text(book.title),
      .text(book.authors.joined(separator: "\n")),
      book.isbn10.map { .text($0) },
      book.isbn13.map { .text($0) },
      book.pageCount.map { .integer(Int64($0)) },
      .text(book.status.rawValue),
      .integer(book.dateAdded.milliseconds),
      .integer(book.dateUpdated.milliseconds),
      .text(keys.titleKey), .text(keys.authorKey), .text(keys.searchText),
      .text(keys.matchTitle), .text(keys.matchAuthor), .text(keys.authorSort),
      book.format.map { .text($0.rawValue) }, book.length.map { .integer(Int64($0.seconds)) },
    ]
  }
}
