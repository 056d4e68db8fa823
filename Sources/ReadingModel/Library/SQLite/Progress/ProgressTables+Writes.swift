#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The entry writes ``SQLiteLibrary/apply(_:)`` performs.
extension ProgressTables {
  /// Appends a progress entry or a note, setting the status it implies;
  /// ``SQLiteLibrary/apply(_:)`` with ``LibraryChange/record(_:_:)``.
  ///
  /// - Parameter makeDraft: Decides the entry from the book and its newest position as they
  ///   are inside the transaction; whatever it throws aborts the write.
  func appendEntry(
    to bookID: Book.ID, reread: ReadingState.Reread?,
    _ makeDraft: (Book, ReadingProgress.Entry?) throws -> EntryDraft
  ) throws -> RecordedEntry {
    let books = BookTables(connection: connection)
    guard let book = try books.book(bookID) else { throw LibraryError.bookNotFound(bookID) }
    let latest = try position(of: bookID, before: nil)
    let draft = try makeDraft(book, latest)
    let entry = ReadingProgress.Entry(
      progress: min(max(draft.progress, 0), 1), time: draft.time.roundedToMilliseconds,
      note: draft.note, kind: draft.kind)
    // Judged against the position just before it in time: a back-dated entry too.
    let previous = try position(of: bookID, before: entry.time)
    // An entry back-dated before the newest position, or a note, moves nothing.
    let moves = entry.kind == .progress && (latest.map { entry.time >= $0.time } ?? true)
    var updated = book
    var undo: String?
    let states = ReadingStateTables(connection: connection)
    let before = try states.state(of: book)
    var after = before
    if moves {
      try after.record(entry.progress, on: CalendarDay(local: entry.time), reread: reread)
      updated.status = after.status
      undo = try states.write(after, replacing: before, to: &updated, at: entry.time)
    }
    updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
    try books.setUpdated(updated)
    try insert(entry, bookID: bookID, undo: undo)
    return RecordedEntry(
      book: updated, entry: entry, previous: previous, previousStatus: book.status,
      readings: after.readings)
  }

  /// Replaces an entry's note; ``SQLiteLibrary/apply(_:)`` with
  /// ``LibraryChange/setNote(entry:to:)``.
  func setNote(_ note: String?, ofEntry id: UUID) throws -> ReadingProgress.Entry {
    try connection.run(
      "UPDATE progress_entries SET note = ? WHERE id = ?",
      [note.map { .text($0) }, .text(id.uuidString)])
    guard
      let (entry, bookID) = try connection.first(
        "SELECT id, progress, time_ms, note, kind, book_id FROM progress_entries WHERE id = ?",
        [.text(id.uuidString)], { row in (Self.entry(from: row, at: 0), row.int64(5)) })
    else { throw LibraryError.entryNotFound(id) }
    try connection.run(
      "UPDATE books SET updated_ms = max(updated_ms, ?) WHERE id = ?",
      [.integer(Date().milliseconds), .integer(bookID)])
    return entry
  }

  /// Takes an entry out of its book's history, putting the book back when it was the
  /// newest position; ``SQLiteLibrary/apply(_:)`` with ``LibraryChange/removeEntry(_:)``.
  func removeEntry(_ id: UUID) throws -> RemovedEntry {
    guard
      let (entry, bookID, undo) = try connection.first(
        """
        SELECT id, progress, time_ms, note, kind, book_id, undo FROM progress_entries
        WHERE id = ?
        """, [.text(id.uuidString)],
        { row in (Self.entry(from: row, at: 0), row.int64(5), row.optionalText(6)) })
    else { throw LibraryError.entryNotFound(id) }
    let books = BookTables(connection: connection)
    guard var book = try books.book(bookID) else { throw LibraryError.bookNotFound(bookID) }
    // Only the newest position moved the book; taking it back puts the book back.
    if entry.kind == .progress, try position(of: bookID, before: nil)?.id == id,
      let undo = undo.flatMap(StringMapJSON.decode)
    {
      try ReadingStateTables(connection: connection).restore(undo, to: &book)
    }
    try connection.run("DELETE FROM progress_entries WHERE id = ?", [.text(id.uuidString)])
    book.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
    try books.setUpdated(book)
    let what =
      entry.kind == .note
      ? "the note" : "the entry at \(Int((entry.progress * 100).rounded(.down)))%"
    try BookHistoryTables(connection: connection).log(
      BookEvent(
        time: book.dateUpdated, kind: .undo,
        detail: "removed \(what) of \(CalendarDay(local: entry.time))"
          + (entry.note.map { ": \($0.prefix(60))" } ?? "")),
      of: bookID)
    return RemovedEntry(bookID: bookID, entry: entry, book: book)
  }
}
