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
    let statement = try statement(
      """
      SELECT book_id, status, time_ms FROM status_changes
      WHERE book_id BETWEEN ? AND ? ORDER BY book_id, time_ms, rowid
      """, on: connection)
    try statement.bind([.integer(ids.lowerBound), .integer(ids.upperBound)])
    defer { statement.reset() }
    var changes: [Book.ID: [StatusChange]] = [:]
    while try statement.step() {
      changes[statement.int64(0), default: []].append(
        StatusChange(
          status: ReadingStatus(rawValue: statement.text(1)) ?? .wantToRead,
          time: Date(milliseconds: statement.int64(2))))
    }
    return changes
  }

  public func entry(_ idOrPrefix: String) throws -> EntryLookup {
    let prefix = idOrPrefix.uppercased()
    guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      return .notFound
    }
    return try reading(orIfMissing: .notFound) { connection in
      let statement = try statement(
        """
        SELECT book_id, id, progress, time_ms, note FROM progress_entries
        WHERE id >= ?1 AND id < ?1 || 'Z' LIMIT 2
        """, on: connection)
      try statement.bind([.text(prefix)])
      defer { statement.reset() }
      var found: [LocatedEntry] = []
      while try statement.step() {
        found.append(
          LocatedEntry(bookID: statement.int64(0), entry: Self.entry(from: statement, at: 1)))
      }
      switch found.count {
      case 0: return .notFound
      case 1: return .found(found[0])
      default: return .ambiguous(count: found.count)
      }
    }
  }

  public func setNote(_ note: String?, ofEntry id: UUID) throws -> ReadingProgress.Entry {
    try writing { connection in
      let change = try statement(
        "UPDATE progress_entries SET note = ? WHERE id = ?", on: connection)
      try change.bind([note.map { .text($0) }, .text(id.uuidString)])
      try change.step()
      change.reset()
      let read = try statement(
        "SELECT id, progress, time_ms, note, book_id FROM progress_entries WHERE id = ?",
        on: connection)
      try read.bind([.text(id.uuidString)])
      defer { read.reset() }
      guard try read.step() else { throw LibraryError.entryNotFound(id) }
      let entry = Self.entry(from: read, at: 0)
      let touch = try statement(
        "UPDATE books SET updated_ms = max(updated_ms, ?) WHERE id = ?", on: connection)
      try touch.bind([.integer(Date().milliseconds), .integer(read.int64(4))])
      try touch.step()
      touch.reset()
      return entry
    }
  }

  /// Reads an entry from columns `first` (id), +1 (progress), +2 (time), +3 (note).
  static func entry(from row: SQLiteStatement, at first: Int32) -> ReadingProgress.Entry {
    ReadingProgress.Entry(
      id: UUID(uuidString: row.text(first)) ?? UUID(),
      progress: row.double(first + 1),
      time: Date(milliseconds: row.int64(first + 2)),
      note: row.optionalText(first + 3))
  }

  private func latestEntry(of bookID: Book.ID, on connection: SQLiteConnection) throws
    -> ReadingProgress.Entry?
  {
    let statement = try statement(
      """
      SELECT id, progress, time_ms, note FROM progress_entries
      WHERE book_id = ? ORDER BY time_ms DESC, rowid DESC LIMIT 1
      """, on: connection)
    try statement.bind([.integer(bookID)])
    defer { statement.reset() }
    return try statement.step() ? Self.entry(from: statement, at: 0) : nil
  }

  /// Writes a book's status and update time, logging a status change.
  private func update(
    _ book: Book, from old: Book, at time: Date, on connection: SQLiteConnection
  ) throws {
    let statement = try statement(
      "UPDATE books SET status = ?, updated_ms = ? WHERE id = ?", on: connection)
    try statement.bind([
      .text(book.status.rawValue), .integer(book.dateUpdated.milliseconds), .integer(book.id),
    ])
    try statement.step()
    statement.reset()
    guard book.status != old.status else { return }
    try logStatus(StatusChange(status: book.status, time: time), of: book.id, on: connection)
  }

  /// Records that a book's status was set.
  func logStatus(_ change: StatusChange, of bookID: Book.ID, on connection: SQLiteConnection)
    throws
  {
    let log = try statement(
      "INSERT INTO status_changes (book_id, status, time_ms) VALUES (?, ?, ?)", on: connection)
    try log.bind([
      .integer(bookID), .text(change.status.rawValue), .integer(change.time.milliseconds),
    ])
    try log.step()
    log.reset()
  }
}
