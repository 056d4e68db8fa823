import Foundation

extension SQLiteLibrary {
  public func appendEntry(
    to bookID: Book.ID,
    _ makeDraft: @Sendable (Book, ReadingProgress.Entry?) throws -> EntryDraft
  ) throws -> RecordedEntry {
    try writing { connection in
      guard let book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      let previous = try latestEntry(of: bookID, on: connection)
      let draft = try makeDraft(book, previous)
      let entry = ReadingProgress.Entry(
        progress: min(max(draft.progress, 0), 1), time: draft.time.roundedToMilliseconds,
        note: draft.note)
      try insert(entry, bookID: bookID, on: connection)
      // An entry back-dated before the newest one does not move the book along.
      let isNewest = previous.map { entry.time >= $0.time } ?? true
      var updated = book
      if isNewest {
        updated.status = StatusRule.status(after: book.status, recording: entry.progress)
      }
      updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
      try update(updated, from: book, at: entry.time, on: connection)
      return RecordedEntry(
        book: updated, entry: entry, previous: previous, previousStatus: book.status)
    }
  }

  public func setStatus(_ status: ReadingStatus, of bookID: Book.ID, at time: Date) throws
    -> Book
  {
    try writing { connection in
      guard let book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      var updated = book
      updated.status = status
      updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
      try update(updated, from: book, at: time.roundedToMilliseconds, on: connection)
      return updated
    }
  }

  public func statusChanges(of bookID: Book.ID) throws -> [StatusChange] {
    try reading(orIfMissing: []) { try fetchStatusChanges(bookID, on: $0) }
  }

  func fetchStatusChanges(_ bookID: Book.ID, on connection: SQLiteConnection) throws
    -> [StatusChange]
  {
    try fetchStatusChanges(bookID...bookID, on: connection)[bookID] ?? []
  }

  /// The status changes of every book whose id is in `ids`, in one query.
  func fetchStatusChanges(_ ids: ClosedRange<Book.ID>, on connection: SQLiteConnection) throws
    -> [Book.ID: [StatusChange]]
  {
    var changes: [Book.ID: [StatusChange]] = [:]
    try connection.forEach(
      """
      SELECT book_id, status, time_ms FROM status_changes
      WHERE book_id BETWEEN ? AND ? ORDER BY book_id, time_ms, rowid
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      changes[row.int64(0), default: []].append(
        StatusChange(
          status: ReadingStatus(rawValue: row.text(1)) ?? .wantToRead,
          time: Date(milliseconds: row.int64(2))))
    }
    return changes
  }

  public func entry(_ idOrPrefix: String) throws -> EntryLookup {
    let prefix = idOrPrefix.uppercased()
    guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      return .notFound
    }
    return try reading(orIfMissing: .notFound) { connection in
      let found = try connection.all(
        """
        SELECT book_id, id, progress, time_ms, note FROM progress_entries
        WHERE id >= ?1 AND id < ?1 || 'Z' LIMIT 2
        """, [.text(prefix)]
      ) { row in LocatedEntry(bookID: row.int64(0), entry: Self.entry(from: row, at: 1)) }
      switch found.count {
      case 0: return .notFound
      case 1: return .found(found[0])
      default: return .ambiguous(count: found.count)
      }
    }
  }

  public func setNote(_ note: String?, ofEntry id: UUID) throws -> ReadingProgress.Entry {
    try writing { connection in
      try connection.run(
        "UPDATE progress_entries SET note = ? WHERE id = ?",
        [note.map { .text($0) }, .text(id.uuidString)])
      guard
        let (entry, bookID) = try connection.first(
          "SELECT id, progress, time_ms, note, book_id FROM progress_entries WHERE id = ?",
          [.text(id.uuidString)], { row in (Self.entry(from: row, at: 0), row.int64(4)) })
      else { throw LibraryError.entryNotFound(id) }
      try connection.run(
        "UPDATE books SET updated_ms = max(updated_ms, ?) WHERE id = ?",
        [.integer(Date().milliseconds), .integer(bookID)])
      return entry
    }
  }

  /// Reads an entry from columns `first` (id), +1 (progress), +2 (time), +3 (note).
  static func entry(from row: SQLiteRow, at first: Int32) -> ReadingProgress.Entry {
    ReadingProgress.Entry(
      id: UUID(uuidString: row.text(first)) ?? UUID(),
      progress: row.double(first + 1),
      time: Date(milliseconds: row.int64(first + 2)),
      note: row.optionalText(first + 3))
  }

  private func latestEntry(of bookID: Book.ID, on connection: SQLiteConnection) throws
    -> ReadingProgress.Entry?
  {
    try connection.first(
      """
      SELECT id, progress, time_ms, note FROM progress_entries
      WHERE book_id = ? ORDER BY time_ms DESC, rowid DESC LIMIT 1
      """, [.integer(bookID)]
    ) { Self.entry(from: $0, at: 0) }
  }

  /// Writes a book's status and update time, logging a status change.
  private func update(
    _ book: Book, from old: Book, at time: Date, on connection: SQLiteConnection
  ) throws {
    try connection.run(
      "UPDATE books SET status = ?, updated_ms = ? WHERE id = ?",
      [.text(book.status.rawValue), .integer(book.dateUpdated.milliseconds), .integer(book.id)])
    guard book.status != old.status else { return }
    try logStatus(StatusChange(status: book.status, time: time), of: book.id, on: connection)
  }

  /// Records that a book's status was set.
  func logStatus(_ change: StatusChange, of bookID: Book.ID, on connection: SQLiteConnection)
    throws
  {
    try connection.run(
      "INSERT INTO status_changes (book_id, status, time_ms) VALUES (?, ?, ?)",
      [.integer(bookID), .text(change.status.rawValue), .integer(change.time.milliseconds)])
  }
}
