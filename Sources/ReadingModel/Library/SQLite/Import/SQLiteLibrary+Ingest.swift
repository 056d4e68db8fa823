#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  /// Brings in one book of a device (`bookclub ingest`): finds it, merges what the device
  /// says about it three ways with the device's last ingest, and adds the highlights and the
  /// position the library does not have yet.
  ///
  /// The book is the one chosen for it (`--map`), else the one the device's key was linked
  /// to at an earlier ingest, else the first with its ISBN or title and first author that
  /// has no book of this device yet; else it is added (an e-book), or listed as not matched.
  func ingest(
    _ device: DeviceBook, from source: String, line: Int, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws {
    let imported = ImportedBook(
      line: line, source: source, sourceID: device.key, fields: device.fields)
    let base = imported.base
    let known = try linked(source: source, id: device.key, on: connection)
    var found = run.options.chosen[device.key].map { ($0, CandidateMatch.chosen) }
    if found == nil, let known { found = (known.book, .linked) }
    if found == nil {
      for (candidate, how) in try candidates(for: device.fields, on: connection)
      where run.claimed[candidate] == nil {
        guard try link(of: candidate, in: source, on: connection) == nil else { continue }
        found = (candidate, how)
        break
      }
    }
    guard let (id, how) = found else {
      if run.options.leftOut.contains(device.key) {
        run.notMatched(line, device, reason: "left out when asked")
        return
      }
      guard run.options.addUnmatched || run.options.addedAnyway.contains(device.key) else {
        run.notMatched(line, device, reason: NotMatchedBook.matchesNone)
        return
      }
      try addDeviceBook(device, as: imported, line: line, run: &run, on: connection)
      return
    }
    if let first = run.claimed[id] {
      run.notMatched(line, device, reason: "it matches #\(id), which \(run.label(first)) is")
      return
    }
    guard let book = try fetchBook(id, on: connection) else {
      run.notMatched(line, device, reason: "no book has the id #\(id)")
      return
    }
    let oldBase = known?.book == id ? known?.base : nil
    if let known, known.book != id {
      // Chosen for another book than before: the old book's link goes, undone with it.
      try recording(.book(known.book), in: run.group, on: connection) {
        try connection.run(
          "DELETE FROM book_sources WHERE source = ? AND source_id = ?",
          [.text(source), .text(device.key)])
      }
    }
    try recording(.book(id), in: run.group, on: connection) {
      if oldBase == base {
        run.countUnchanged(line, id: id)
      } else {
        let merge = try mergeFields(
          device.fields, base: oldBase?.fields, into: book, run: &run, on: connection)
        run.countMerged(line, book: book, merge: merge.result, ours: merge.ours)
        let next =
          merge.result.conflicts.isEmpty
          ? base
          : SourceBase(fields: merge.result.nextBase(theirs: device.fields, base: oldBase?.fields))
        try link(id, to: source, id: device.key, base: next, on: connection)
        if how == .titleAndAuthor, book.title != device.title {
          run.remark(line, "'\(device.title)' is #\(id) '\(book.title)' (same title and author)")
        }
      }
      try attach(device, to: id, added: false, line: line, run: &run, on: connection)
    }
  }

  /// Adds a device's book the library does not have, with its highlights and position.
  private func addDeviceBook(
    _ device: DeviceBook, as imported: ImportedBook, line: Int, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws {
    let fields = device.newBookFields
    let id = try add(fields, run: &run, on: connection)
    try link(
      id, to: imported.source, id: device.key, base: imported.base, replacing: false,
      into: .staging, on: connection)
    try run.staging?.staged(id, source: imported.source, sourceID: device.key, on: connection)
    // The highlights refer to the book: it reaches the library's tables first.
    try run.finishStaging(on: connection)
    run.countAdded(line, id: id, fields: fields)
    try recording(.book(id), in: run.group, on: connection) {
      try attach(device, to: id, added: true, line: line, run: &run, on: connection)
    }
  }

  /// Adds the device's highlights and position to a book, and counts them.
  private func attach(
    _ device: DeviceBook, to id: Book.ID, added: Bool, line: Int, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws {
    guard let book = try fetchBook(id, on: connection) else { return }
    let highlights = try HighlightTables(connection: connection).merge(
      device.highlights, into: book)
    for kept in highlights.notesKept {
      run.remark(
        line,
        "#\(id) keeps its note on a highlight at \(kept.place); \(run.sourceName) says "
          + ImportRun.quote(kept.device))
    }
    let sinceLast = try Self.timeSinceLastIngest(
      device, of: id, line: line, run: &run, on: connection)
    let sessions = try SessionTables(connection: connection).merge(
      device.sessions + sinceLast, into: id)
    let position = try record(
      Self.newest(device.position, endOf: sessions.added + sessions.updated, book: book),
      of: book, from: device, line: line, run: &run, on: connection)
    run.countAttached(
      line, book: book, added: added,
      highlights: (highlights.added, highlights.updated.count),
      sessions: (sessions.added, sessions.updated.count), position: position)
    run.summary.remarks += device.remarks.map { "\(run.label(line)) (\(device.title)): \($0)" }
  }

  /// For a device that keeps only a total of time read (a Kobo): the time read since the
  /// sessions it gave before, as one session ending when the book was last read, its id made
  /// from the total (so the same total is the same session). More than a day at once (a
  /// first ingest of a long-read book) cannot be placed in time, and is said, not logged.
  private static func timeSinceLastIngest(
    _ device: DeviceBook, of id: Book.ID, line: Int, run: inout ImportRun,
    on connection: SQLiteConnection
  ) throws -> [ReadingSession] {
    guard let total = device.readingTime, let end = total.lastRead else { return [] }
    let kind = total.device.rawValue
    let logged =
      try connection.integer(
        "SELECT coalesce(sum(seconds), 0) FROM reading_sessions WHERE book_id = ? AND device = ?",
        [.integer(id), .text(kind)]) ?? 0
    let since = total.seconds - Int(logged)
    guard since > 0 else { return [] }
    guard since <= ReadingSession.longest else {
      run.remark(
        line,
        "the device counts \(since / 3600)h \(since % 3600 / 60)m read on it with no sessions "
          + "to place them in time: not logged as a session")
      return []
    }
    return [
      ReadingSession(
        id: UUID(stableFrom: [kind, device.key, String(total.seconds)]),
        start: end.addingTimeInterval(-TimeInterval(since)), seconds: since,
        endPosition: device.position?.fraction, device: kind)
    ]
  }

  /// The newest of the device's position and where the sessions it brought ended.
  private static func newest(
    _ position: DevicePosition?, endOf sessions: [ReadingSession], book: Book
  ) -> DevicePosition? {
    let ends = sessions.compactMap { session -> DevicePosition? in
      if let end = session.endPosition {
        return DevicePosition(fraction: end, page: session.lastPage, time: session.end)
      }
      guard let page = session.lastPage, let pages = book.pageCount, pages > 0 else { return nil }
      return DevicePosition(
        fraction: min(Double(page) / Double(pages), 1), page: page, time: session.end)
    }
    return ([position].compactMap { $0 } + ends).max { $0.time < $1.time }
  }

  /// Records the device's position as a progress entry when it is newer than the book's
  /// newest and further on (``ProgressTables/recordForward(_:at:of:)``); says so when the
  /// book is finished or abandoned here.
  ///
  /// - Returns: The position recorded, if one was.
  private func record(
    _ position: DevicePosition?, of book: Book, from device: DeviceBook, line: Int,
    run: inout ImportRun, on connection: SQLiteConnection
  ) throws -> DevicePosition? {
    guard let position else { return nil }
    if book.status == .finished || book.status == .abandoned, position.fraction < 1,
      device.status != book.status
    {
      run.remark(
        line,
        "#\(book.id) is \(book.status.displayName) here; the device's position "
          + "(\(Int((position.fraction * 100).rounded()))%) was not recorded")
      return nil
    }
    let entry = try ProgressTables(connection: connection).recordForward(
      position.fraction, at: position.time, of: book)
    return entry == nil ? nil : position
  }
}
