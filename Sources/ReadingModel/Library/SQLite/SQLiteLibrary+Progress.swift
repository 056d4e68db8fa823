#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  /// Appends a progress entry or a note, setting the status it implies; ``apply(_:)``
  /// with ``LibraryChange/record(_:_:)``.
  ///
  /// - Parameter makeDraft: Decides the entry from the book and its newest position as they
  ///   are inside the transaction; whatever it throws aborts the write.
  func appendEntry(
    to bookID: Book.ID, reread: ReadingState.Reread?, on connection: SQLiteConnection,
    _ makeDraft: (Book, ReadingProgress.Entry?) throws -> EntryDraft
  ) throws -> RecordedEntry {
    do {
      guard let book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      let latest = try position(of: bookID, before: nil, on: connection)
      let draft = try makeDraft(book, latest)
      let entry = ReadingProgress.Entry(
        progress: min(max(draft.progress, 0), 1), time: draft.time.roundedToMilliseconds,
        note: draft.note, kind: draft.kind)
      // Judged against the position just before it in time: a back-dated entry too.
      let previous = try position(of: bookID, before: entry.time, on: connection)
      // An entry back-dated before the newest position, or a note, moves nothing.
      let moves = entry.kind == .progress && (latest.map { entry.time >= $0.time } ?? true)
      var updated = book
      var undo: String?
      let before = try state(of: book, on: connection)
      var after = before
      if moves {
        try after.record(entry.progress, on: CalendarDay(local: entry.time), reread: reread)
        updated.status = after.status
        undo = try apply(after, replacing: before, to: &updated, at: entry.time, on: connection)
      }
      updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
      try connection.run(
        "UPDATE books SET updated_ms = ? WHERE id = ?",
        [.integer(updated.dateUpdated.milliseconds), .integer(book.id)])
      try insert(entry, bookID: bookID, undo: undo, on: connection)
      return RecordedEntry(
        book: updated, entry: entry, previous: previous, previousStatus: book.status,
        readings: after.readings)
    }
  }

  /// Sets a book's status, recording when, and moves its readings; ``apply(_:)`` with
  /// ``LibraryChange/setStatus(_:_:at:reread:)``.
  func setStatus(
    _ status: ReadingStatus, of bookID: Book.ID, at time: Date, reread: ReadingState.Reread?,
    on connection: SQLiteConnection
  ) throws -> Book {
    guard status != .finished else {
      // Finishing is reaching 100%: the bar, the finish day and the read count follow.
      return try appendEntry(to: bookID, reread: reread, on: connection) { _, _ in
        EntryDraft(progress: 1, time: time)
      }.book
    }
    do {
      guard let book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      let before = try state(of: book, on: connection)
      var after = before
      try after.set(status, on: CalendarDay(local: time), reread: reread)
      var updated = book
      updated.status = after.status
      updated.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
      try connection.run(
        "UPDATE books SET updated_ms = ? WHERE id = ?",
        [.integer(updated.dateUpdated.milliseconds), .integer(book.id)])
      _ = try apply(
        after, replacing: before, to: &updated, at: time.roundedToMilliseconds, on: connection)
      try replaceUnknownStatus(of: bookID, with: updated.status, on: connection)
      return updated
    }
  }

  /// The book's status, readings and read count, as they are in the library.
  func state(of book: Book, on connection: SQLiteConnection) throws -> ReadingState {
    let details = try fetchDetails(book.id, on: connection)
    return ReadingState(
      status: book.status, readings: details.readings, readCount: details.readCount)
  }

  /// Writes a new reading state, logging a status change.
  ///
  /// - Returns: What undoing it needs (the state before, and the status change logged), as
  ///   JSON; `nil` when nothing changed.
  private func apply(
    _ after: ReadingState, replacing before: ReadingState, to book: inout Book, at time: Date,
    on connection: SQLiteConnection
  ) throws -> String? {
    guard after != before else { return nil }
    var undo: [String: String] = [
      "status": before.status.rawValue,
      "readings": before.readings.map(\.text).joined(separator: "\n"),
      "readCount": before.readCount.map(String.init) ?? "",
    ]
    if after.readings != before.readings || after.readCount != before.readCount {
      var details = try fetchDetails(book.id, on: connection)
      details.readings = after.readings
      details.readCount = after.readCount
      try saveDetails(details, of: book.id, on: connection)
    }
    if after.status != before.status {
      try connection.run(
        "UPDATE books SET status = ? WHERE id = ?",
        [.text(after.status.rawValue), .integer(book.id)])
      try logStatus(StatusChange(status: after.status, time: time), of: book.id, on: connection)
      undo["statusChange"] = String(connection.lastInsertedRowID)
    }
    book.status = after.status
    return StringMapJSON.encode(undo)
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
          time: row.date(2)))
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
  }

  /// Replaces an entry's note; ``apply(_:)`` with ``LibraryChange/setNote(entry:to:)``.
  func setNote(_ note: String?, ofEntry id: UUID, on connection: SQLiteConnection) throws
    -> ReadingProgress.Entry
  {
    do {
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
  func position(of bookID: Book.ID, before time: Date?, on connection: SQLiteConnection)
    throws -> ReadingProgress.Entry?
  {
    try connection.first(
      """
      SELECT id, progress, time_ms, note, kind FROM progress_entries
      WHERE book_id = ? AND kind = 'progress' AND time_ms <= ?
      ORDER BY time_ms DESC, rowid DESC LIMIT 1
      """, [.integer(bookID), .integer(time?.milliseconds ?? Int64.max)]
    ) { Self.entry(from: $0, at: 0) }
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

extension SQLiteLibrary {
  public func lastRecordedEntry(of bookID: Book.ID) throws -> ReadingProgress.Entry? {
    // Entries are rows of a rowid table: the largest rowid was written last.
    try reading(orIfMissing: nil) { connection in
      try connection.first(
        """
        SELECT id, progress, time_ms, note, kind FROM progress_entries
        WHERE book_id = ? ORDER BY rowid DESC LIMIT 1
        """, [.integer(bookID)]
      ) { Self.entry(from: $0, at: 0) }
    }
  }

  /// Takes an entry out of its book's history, putting the book back when it was the
  /// newest position; ``apply(_:)`` with ``LibraryChange/removeEntry(_:)``.
  func removeEntry(_ id: UUID, on connection: SQLiteConnection) throws -> RemovedEntry {
    do {
      guard
        let (entry, bookID, undo) = try connection.first(
          """
          SELECT id, progress, time_ms, note, kind, book_id, undo FROM progress_entries
          WHERE id = ?
          """, [.text(id.uuidString)],
          { row in (Self.entry(from: row, at: 0), row.int64(5), row.optionalText(6)) })
      else { throw LibraryError.entryNotFound(id) }
      guard var book = try fetchBook(bookID, on: connection) else {
        throw LibraryError.bookNotFound(bookID)
      }
      // Only the newest position moved the book; taking it back puts the book back.
      if entry.kind == .progress, try position(of: bookID, before: nil, on: connection)?.id == id,
        let undo = undo.flatMap(StringMapJSON.decode)
      {
        try restore(undo, to: &book, on: connection)
      }
      try connection.run("DELETE FROM progress_entries WHERE id = ?", [.text(id.uuidString)])
      book.dateUpdated = max(book.dateUpdated, Date().roundedToMilliseconds)
      try connection.run(
        "UPDATE books SET updated_ms = ? WHERE id = ?",
        [.integer(book.dateUpdated.milliseconds), .integer(bookID)])
      let what =
        entry.kind == .note
        ? "the note" : "the entry at \(Int((entry.progress * 100).rounded(.down)))%"
      try logEvent(
        BookEvent(
          time: book.dateUpdated, kind: .undo,
          detail: "removed \(what) of \(CalendarDay(local: entry.time))"
            + (entry.note.map { ": \($0.prefix(60))" } ?? "")),
        of: bookID, on: connection)
      return RemovedEntry(bookID: bookID, entry: entry, book: book)
    }
  }

  /// Puts back the status, readings and read count an entry's undo record kept.
  private func restore(
    _ undo: [String: String], to book: inout Book, on connection: SQLiteConnection
  )
    throws
  {
    if let status = undo["status"].flatMap(ReadingStatus.init(rawValue:)), status != book.status {
      book.status = status
      try connection.run(
        "UPDATE books SET status = ? WHERE id = ?", [.text(status.rawValue), .integer(book.id)])
    }
    if let change = undo["statusChange"].flatMap(Int64.init) {
      try connection.run("DELETE FROM status_changes WHERE rowid = ?", [.integer(change)])
    }
    var details = try fetchDetails(book.id, on: connection)
    details.readings = (undo["readings"] ?? "").split(separator: "\n").map(
      ReadingPeriod.init(text:))
    details.readCount = undo["readCount"].flatMap { Int($0) }
    try saveDetails(details, of: book.id, on: connection)
  }

  public func overview(notes: Int) throws -> LibraryOverview {
    let empty = LibraryOverview(reading: [], notes: [], counts: [:])
    return try reading(orIfMissing: empty) { connection in
      var counts: [ReadingStatus: Int] = [:]
      try connection.forEach("SELECT status, books FROM book_counts") { row in
        if let status = ReadingStatus(rawValue: row.text(0)) { counts[status] = Int(row.int64(1)) }
      }
      let books = try connection.all(
        """
        SELECT \(Self.bookColumns) FROM books b INDEXED BY books_reading_by_update
        WHERE b.status = 'reading' ORDER BY b.updated_ms DESC LIMIT 50
        """, [], Self.book(from:))
      let reading = try books.map { book in
        var progress = try fetchProgress(book.id, on: connection)
        progress.readings = try fetchDetails(book.id, on: connection).readings
        return LibraryOverview.Reading(book: book, progress: progress)
      }
      let latest = try connection.all(
        """
        SELECT p.id, p.progress, p.time_ms, p.note, p.kind, \(Self.bookColumns)
        FROM progress_entries p JOIN books b ON b.id = p.book_id
        WHERE p.note IS NOT NULL ORDER BY p.time_ms DESC LIMIT ?
        """, [.integer(Int64(notes))]
      ) { row in (Self.book(from: row, at: 5), Self.entry(from: row, at: 0)) }
      return LibraryOverview(reading: reading, notes: latest, counts: counts)
    }
  }
}
