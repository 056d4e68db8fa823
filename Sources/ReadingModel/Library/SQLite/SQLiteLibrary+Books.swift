#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  static let bookColumns = """
    b.id, b.title, b.authors, b.isbn10, b.isbn13, b.page_count, b.status, b.added_ms, \
    b.updated_ms
    """

  /// Reads the nine columns of ``bookColumns`` of the current row, from `first` on, its
  /// numbers within ``StoredValue``'s bounds.
  static func book(from row: SQLiteRow, at first: Int32) -> Book {
    Book(
      id: row.int64(first),
      title: row.text(first + 1),
      authors: row.text(first + 2).lineItems,
      isbn10: row.optionalText(first + 3),
      isbn13: row.optionalText(first + 4),
      pageCount: row.pageCount(first + 5),
      status: ReadingStatus(rawValue: row.text(first + 6)) ?? .wantToRead,
      dateAdded: row.date(first + 7),
      dateUpdated: row.date(first + 8)
    )
  }

  /// Reads columns 0–8 (``bookColumns``) of the current row.
  static func book(from row: SQLiteRow) -> Book { book(from: row, at: 0) }

  /// Adds a book; ``apply(_:)`` with ``LibraryChange/addBook(_:)``.
  func add(_ newBook: NewBook, on connection: SQLiteConnection) throws -> Book {
    let now = Date().roundedToMilliseconds
    var book = Book(
      id: 0, title: newBook.title, authors: newBook.authors, isbn10: newBook.isbn?.isbn10,
      isbn13: newBook.isbn?.isbn13, pageCount: newBook.pageCount, status: newBook.status,
      dateAdded: now, dateUpdated: now)
    book.id = try insert(book, keepingID: false, on: connection)
    return book
  }

  public func book(id: Book.ID) throws -> Book? {
    try reading(orIfMissing: nil) { try fetchBook(id, on: $0) }
  }

  func fetchBook(_ id: Book.ID, on connection: SQLiteConnection) throws -> Book? {
    try connection.first(
      "SELECT \(Self.bookColumns) FROM books b WHERE b.id = ?", [.integer(id)], Self.book(from:))
  }

  /// The book's entries, with its readings.
  public func progress(of bookID: Book.ID) throws -> ReadingProgress {
    try reading(orIfMissing: ReadingProgress()) { connection in
      var progress = try fetchProgress(bookID, on: connection)
      progress.readings = try fetchDetails(bookID, on: connection).readings
      return progress
    }
  }

  func fetchProgress(_ bookID: Book.ID, on connection: SQLiteConnection) throws
    -> ReadingProgress
  {
    try fetchProgress(bookID...bookID, on: connection)[bookID] ?? ReadingProgress()
  }

  /// The progress of every book whose id is in `ids`, in one query.
  func fetchProgress(_ ids: ClosedRange<Book.ID>, on connection: SQLiteConnection) throws
    -> [Book.ID: ReadingProgress]
  {
    var entries: [Book.ID: [ReadingProgress.Entry]] = [:]
    try connection.forEach(
      """
      SELECT book_id, id, progress, time_ms, note, kind FROM progress_entries
      WHERE book_id BETWEEN ? AND ? ORDER BY book_id, time_ms, rowid
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      entries[row.int64(0), default: []].append(Self.entry(from: row, at: 1))
    }
    return entries.mapValues { ReadingProgress(entries: $0) }
  }

  public func restore(_ archive: LibraryArchive) throws {
    try writing { connection in
      let taken = try archive.books.map(\.book.id).filter {
        try fetchBook($0, on: connection) != nil
      }
      guard taken.isEmpty else { throw LibraryError.idsAlreadyUsed(taken) }
      let group = try beginGroup(.import, on: connection)
      for item in archive.books {
        try insertArchived(item, on: connection)
        try recordAdded(item.book.id, in: group, on: connection)
      }
      _ = try finish(
        group, summary: "the restore of an archive (\(archive.books.count) books)",
        on: connection)
    }
  }

  /// Inserts a book from an archive with its id, progress, details, status changes and
  /// history.
  func insertArchived(_ item: LibraryArchive.Item, on connection: SQLiteConnection) throws {
    _ = try insert(item.book, details: item.details, keepingID: true, on: connection)
    for entry in item.progress.entries { try insert(entry, bookID: item.book.id, on: connection) }
    if !item.details.isEmpty {
      try saveDetails(item.details, of: item.book.id, on: connection, isNewBook: true)
    }
    for change in item.statusChanges { try logStatus(change, of: item.book.id, on: connection) }
    try addMissingHistory(item.history, to: item.book.id, isNewBook: true, on: connection)
    for (source, id) in item.details.sourceIDs {
      try link(
        item.book.id, to: source, id: id, base: item.bases[source], on: connection)
    }
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
    into tables: BookTables = .library, on connection: SQLiteConnection
  ) throws -> Book.ID {
    var values = Self.rowValues(book, keys: keys?.of(book))
    if let given = details.authorSort, !given.isEmpty {
      values[values.count - 1] = .text(SearchKey.fold(given))
    }
    try connection.run(
      """
      INSERT INTO \(tables.books) (title, authors, isbn10, isbn13, page_count, status, added_ms,
        updated_ms, title_key, author_key, search_text, match_title, match_author, author_sort,
        rating, finished_day, id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
  func updateRow(_ book: Book, on connection: SQLiteConnection) throws {
    try connection.run(
      """
      UPDATE books SET title = ?, authors = ?, isbn10 = ?, isbn13 = ?, page_count = ?,
        status = ?, added_ms = ?, updated_ms = ?, title_key = ?, author_key = ?,
        search_text = ?, match_title = ?, match_author = ?, author_sort = ?
      WHERE id = ?
      """, Self.rowValues(book) + [.integer(book.id)])
  }

  /// The book's columns from `title` to `author_sort`, keys folded for sorting, search and
  /// matching. (Rating, finish and a source's own last-name-first form come with the
  /// details: ``saveDetails(_:of:on:)``.)
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
    ]
  }

  /// Inserts an entry.
  ///
  /// - Parameter undo: What undoing the entry must put back (see ``undoLatestEntry(of:)``).
  func insert(
    _ entry: ReadingProgress.Entry, bookID: Book.ID, undo: String? = nil,
    on connection: SQLiteConnection
  ) throws {
    try connection.run(
      """
      INSERT INTO progress_entries (id, book_id, progress, time_ms, note, kind, undo)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(entry.id.uuidString), .integer(bookID), .real(entry.progress),
        .integer(entry.time.milliseconds), entry.note.map { .text($0) },
        .text(entry.kind.rawValue), undo.map { .text($0) },
      ])
  }
}
