#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book's progress entries and notes (`progress_entries`), on the connection of a
/// transaction ``SQLiteLibrary`` opened: reading them, and the writes
/// ``SQLiteLibrary/apply(_:)`` and an import make. Opens no transaction.
struct ProgressTables {
  let connection: SQLiteConnection

  /// The book's entries, oldest first.
  func progress(of bookID: Book.ID) throws -> ReadingProgress {
    try progress(of: bookID...bookID)[bookID] ?? ReadingProgress()
  }

  /// The book's entries, with its readings.
  func progress(withReadingsOf bookID: Book.ID) throws -> ReadingProgress {
    var progress = try progress(of: bookID)
    progress.readings = try BookDetailTables(connection: connection).details(of: bookID).readings
    return progress
  }

  /// The progress of every book whose id is in `ids`, in one query.
  func progress(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: ReadingProgress] {
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

  /// The entry whose id starts with `prefix` (upper case), if exactly one does.
  func entry(startingWith prefix: String) throws -> EntryLookup {
    let found = try connection.all(
      """
      SELECT book_id, id, progress, time_ms, note, kind FROM progress_entries
      WHERE id >= ?1 AND id < ?1 || 'Z' LIMIT 2
      """, [.text(prefix)]
    ) { row in LocatedEntry(bookID: row.int64(0), entry: Self.entry(from: row, at: 1)) }
    switch found.count {
    case 0: return .notFound
    case 1: return .found(found[0])
    default: return .ambiguous(count: found.count)
    }
  }

  /// The entry or note recorded last for the book, or `nil` when it has none.
  func lastRecordedEntry(of bookID: Book.ID) throws -> ReadingProgress.Entry? {
    // Entries are rows of a rowid table: the largest rowid was written last.
    try connection.first(
      """
      SELECT id, progress, time_ms, note, kind FROM progress_entries
      WHERE book_id = ? ORDER BY rowid DESC LIMIT 1
      """, [.integer(bookID)]
    ) { Self.entry(from: $0, at: 0) }
  }

  /// Reads an entry from columns `first` (id), +1 (progress), +2 (time), +3 (note), +4
  /// (kind).
  static func entry(from row: SQLiteRow, at first: Int32) -> ReadingProgress.Entry {
    ReadingProgress.Entry(
      id: UUID(uuidString: row.text(first)) ?? UUID(),
      progress: row.fraction(first + 1),
      time: row.date(first + 2),
      note: row.optionalText(first + 3),
      kind: ReadingProgress.Entry.Kind(rawValue: row.text(first + 4)) ?? .progress)
  }

  /// The book's newest position, or the newest at or before `time`.
  func position(of bookID: Book.ID, before time: Date?) throws -> ReadingProgress.Entry? {
    try connection.first(
      """
      SELECT id, progress, time_ms, note, kind FROM progress_entries
      WHERE book_id = ? AND kind = 'progress' AND time_ms <= ?
      ORDER BY time_ms DESC, rowid DESC LIMIT 1
      """, [.integer(bookID), .integer(time?.milliseconds ?? Int64.max)]
    ) { Self.entry(from: $0, at: 0) }
  }

  /// Inserts an entry.
  ///
  /// - Parameter undo: What undoing the entry must put back (see ``removeEntry(_:)``).
  func insert(_ entry: ReadingProgress.Entry, bookID: Book.ID, undo: String? = nil) throws {
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

  /// The books being read, the latest `notes` notes and the counts per status.
  func overview(notes: Int) throws -> LibraryOverview {
    var counts: [ReadingStatus: Int] = [:]
    try connection.forEach("SELECT status, books FROM book_counts") { row in
      if let status = ReadingStatus(rawValue: row.text(0)) { counts[status] = Int(row.int64(1)) }
    }
    let books = try connection.all(
      """
      SELECT \(BookTables.columns) FROM books b INDEXED BY books_reading_by_update
      WHERE b.status = 'reading' ORDER BY b.updated_ms DESC LIMIT 50
      """, [], BookTables.book(from:))
    let reading = try books.map { book in
      LibraryOverview.Reading(book: book, progress: try progress(withReadingsOf: book.id))
    }
    let latest = try connection.all(
      """
      SELECT p.id, p.progress, p.time_ms, p.note, p.kind, \(BookTables.columns)
      FROM progress_entries p JOIN books b ON b.id = p.book_id
      WHERE p.note IS NOT NULL ORDER BY p.time_ms DESC LIMIT ?
      """, [.integer(Int64(notes))]
    ) { row in (BookTables.book(from: row, at: 5), Self.entry(from: row, at: 0)) }
    return LibraryOverview(reading: reading, notes: latest, counts: counts)
  }
}
