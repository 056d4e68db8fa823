#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book's status, readings and read count, and when its status was set
/// (`status_changes`), on the connection of a transaction ``SQLiteLibrary`` opened.
struct ReadingStateTables {
  let connection: SQLiteConnection

  /// Sets a book's status, recording when, and moves its readings;
  /// ``SQLiteLibrary/apply(_:)`` with ``LibraryChange/setStatus(_:_:at:reread:)``.
  func setStatus(
    _ status: ReadingStatus, of bookID: Book.ID, at time: Date, reread: ReadingState.Reread?
  ) throws -> Book {
    guard status != .finished else {
      // Finishing is reaching 100%: the bar, the finish day and the read count follow.
      return try ProgressTables(connection: connection).appendEntry(
        to: bookID, reread: reread
      ) { _, _ in
        EntryDraft(progress: 1, time: time)
      }.book
    }
    let books = BookTables(connection: connection)
    guard let book = try books.book(bookID) else { throw LibraryError.bookNotFound(bookID) }
    let before = try state(of: book)
    var after = before
    try after.set(status, on: CalendarDay(local: time), reread: reread)
    var updated = book
    updated.status = after.status
    updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
    try books.setUpdated(updated)
    _ = try write(after, replacing: before, to: &updated, at: time.roundedToMilliseconds)
    try replaceUnknownStatus(of: bookID, with: updated.status)
    return updated
  }

  /// The book's status, readings and read count, as they are in the library.
  func state(of book: Book) throws -> ReadingState {
    let details = try BookDetailTables(connection: connection).details(of: book.id)
    return ReadingState(
      status: book.status, readings: details.readings, readCount: details.readCount)
  }

  /// Writes a new reading state, logging a status change.
  ///
  /// - Returns: What undoing it needs (the state before, and the status change logged), as
  ///   JSON; `nil` when nothing changed.
  func write(
    _ after: ReadingState, replacing before: ReadingState, to book: inout Book, at time: Date
  ) throws -> String? {
    guard after != before else { return nil }
    var undo: [String: String] = [
      "status": before.status.rawValue,
      "readings": before.readings.map(\.text).joined(separator: "\n"),
      "readCount": before.readCount.map(String.init) ?? "",
    ]
    if after.readings != before.readings || after.readCount != before.readCount {
      let detailTables = BookDetailTables(connection: connection)
      var details = try detailTables.details(of: book.id)
      details.readings = after.readings
      details.readCount = after.readCount
      try detailTables.save(details, of: book.id)
    }
    if after.status != before.status {
      try connection.run(
        "UPDATE books SET status = ? WHERE id = ?",
        [.text(after.status.rawValue), .integer(book.id)])
      try log(StatusChange(status: after.status, time: time), of: book.id)
      undo["statusChange"] = String(connection.lastInsertedRowID)
    }
    book.status = after.status
    return StringMapJSON.encode(undo)
  }

  /// Puts back the status, readings and read count an entry's undo record kept.
  func restore(_ undo: [String: String], to book: inout Book) throws {
    if let status = undo["status"].flatMap(ReadingStatus.init(rawValue:)), status != book.status {
      book.status = status
      try connection.run(
        "UPDATE books SET status = ? WHERE id = ?", [.text(status.rawValue), .integer(book.id)])
    }
    if let change = undo["statusChange"].flatMap(Int64.init) {
      try connection.run("DELETE FROM status_changes WHERE rowid = ?", [.integer(change)])
    }
    let detailTables = BookDetailTables(connection: connection)
    var details = try detailTables.details(of: book.id)
    details.readings = (undo["readings"] ?? "").split(separator: "\n").map(
      ReadingPeriod.init(text:))
    details.readCount = undo["readCount"].flatMap { Int($0) }
    try detailTables.save(details, of: book.id)
  }

  /// Writes `status` over a stored status bookclub does not know: setting a book's status
  /// to what it reads as (want to read) changes nothing else, but must leave a status
  /// the library's check accepts.
  private func replaceUnknownStatus(of bookID: Book.ID, with status: ReadingStatus) throws {
    try connection.run(
      """
      UPDATE books SET status = ? WHERE id = ?
        AND (status IS NULL OR status NOT IN (\(SQLiteLibrary.knownStatusesSQL)))
      """, [.text(status.rawValue), .integer(bookID)])
  }

  /// When the book's status was set, oldest first.
  func statusChanges(of bookID: Book.ID) throws -> [StatusChange] {
    try statusChanges(of: bookID...bookID)[bookID] ?? []
  }

  /// The status changes of every book whose id is in `ids`, in one query.
  func statusChanges(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: [StatusChange]] {
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
          time: row.date(2)))
    }
    return changes
  }

  /// Records that a book's status was set.
  func log(_ change: StatusChange, of bookID: Book.ID) throws {
    try connection.run(
      "INSERT INTO status_changes (book_id, status, time_ms) VALUES (?, ?, ?)",
      [.integer(bookID), .text(change.status.rawValue), .integer(change.time.milliseconds)])
  }
}
