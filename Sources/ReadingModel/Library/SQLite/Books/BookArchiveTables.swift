/// A book whole, as an archive keeps it (``LibraryArchive/Item``: the book, its entries,
/// details, status changes, history and source bases), on the connection of a transaction
/// ``SQLiteLibrary`` opened: what an export reads a page at a time, a restore and the trash
/// write back.
struct BookArchiveTables {
  let connection: SQLiteConnection

  /// Up to `limit` books after the id `lastID`, in id order, whole.
  func items(after lastID: Book.ID?, limit: Int) throws -> [LibraryArchive.Item] {
    let books = try connection.all(
      "SELECT \(BookTables.columns) FROM books b WHERE b.id > ? ORDER BY b.id LIMIT ?",
      [.integer(lastID ?? 0), .integer(Int64(limit))], BookTables.book(from:))
    guard let first = books.first?.id, let last = books.last?.id else { return [] }
    // Six queries for the page, not six per book.
    let progress = try ProgressTables(connection: connection).progress(of: first...last)
    let details = try BookDetailTables(connection: connection).details(of: first...last)
    let changes = try ReadingStateTables(connection: connection).statusChanges(of: first...last)
    let history = try BookHistoryTables(connection: connection).history(of: first...last)
    let bases = try BookSourceTables(connection: connection).bases(of: first...last)
    let highlights = try HighlightTables(connection: connection).highlights(of: first...last)
    let sessions = try SessionTables(connection: connection).sessions(of: first...last)
    return books.map { book in
      LibraryArchive.Item(
        book: book, progress: progress[book.id] ?? ReadingProgress(),
        details: details[book.id] ?? BookDetails(), statusChanges: changes[book.id] ?? [],
        history: history[book.id] ?? [], bases: bases[book.id] ?? [:],
        highlights: highlights[book.id] ?? [], sessions: sessions[book.id] ?? [])
    }
  }

  /// The book whole, one query per table.
  func item(of book: Book) throws -> LibraryArchive.Item {
    let id = book.id
    return LibraryArchive.Item(
      book: book, progress: try ProgressTables(connection: connection).progress(of: id),
      details: try BookDetailTables(connection: connection).details(of: id),
      statusChanges: try ReadingStateTables(connection: connection).statusChanges(of: id),
      history: try BookHistoryTables(connection: connection).history(of: id),
      bases: try BookSourceTables(connection: connection).bases(of: id...id)[id] ?? [:],
      highlights: try HighlightTables(connection: connection).highlights(of: id),
      sessions: try SessionTables(connection: connection).sessions(of: id))
  }

  /// Inserts a book from an archive with its id, progress, details, status changes and
  /// history.
  func insert(_ item: LibraryArchive.Item) throws {
    let id = item.book.id
    _ = try BookTables(connection: connection).insert(
      item.book, details: item.details, keepingID: true)
    let progress = ProgressTables(connection: connection)
    for entry in item.progress.entries { try progress.insert(entry, bookID: id) }
    if !item.details.isEmpty {
      try BookDetailTables(connection: connection).save(item.details, of: id, isNewBook: true)
    }
    let states = ReadingStateTables(connection: connection)
    for change in item.statusChanges { try states.log(change, of: id) }
    try BookHistoryTables(connection: connection).addMissing(
      item.history, to: id, isNewBook: true)
    let sources = BookSourceTables(connection: connection)
    for (source, sourceID) in item.details.sourceIDs {
      try sources.link(id, to: source, id: sourceID, base: item.bases[source])
    }
    _ = try HighlightTables(connection: connection).add(item.highlights, to: id)
    _ = try SessionTables(connection: connection).merge(item.sessions, into: id)
  }
}
