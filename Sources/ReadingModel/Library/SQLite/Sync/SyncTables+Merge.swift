#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SyncTables {
  /// Where a synced book is written: the local id it has, the one it moves to, or, for a
  /// book new here, the id its adding device gave it when that is free (else the next free
  /// one, until ``SQLiteLibrary/settleSyncedIDs()`` gives it its own).
  func placement(of synced: SyncedBook) throws -> Book.ID {
    if let moveTo = synced.moveTo {
      // 0: wherever is free (out of the way of another book's move).
      guard moveTo > 0 else { return try nextFreeID() }
      let occupant = try connection.first(
        "SELECT book FROM sync_books WHERE book_id = ? AND book <> ?",
        [.integer(moveTo), .text(synced.book)]
      ) { $0.text(0) }
      let ownID = try state(ofBook: synced.book)?.id
      let taken =
        try connection.integer("SELECT count(*) FROM books WHERE id = ?", [.integer(moveTo)]) ?? 0
      if occupant != nil || (taken > 0 && ownID != moveTo) {
        throw LibraryError.idsAlreadyUsed([moveTo])
      }
      return moveTo
    }
    if let known = try state(ofBook: synced.book) { return known.id }
    // The id the adding device gave it, from the line that adds it or the snapshot.
    let claim = synced.changes.compactMap(\.change.claim).first ?? synced.snapshot?.state.claim ?? 0
    if claim > 0, try !isUsed(claim) { return claim }
    return try nextFreeID()
  }

  /// Writes a book as every device's changes left it: this device's own change first (any
  /// write made since its journal last recorded one, so it is never overwritten), then the
  /// other devices' changes, merged, and the states of the books it absorbs; then its rows,
  /// whole, or its trash row. ``SQLiteLibrary/apply(_:)`` with ``LibraryChange/syncBook(_:)``.
  ///
  /// - Parameters:
  ///   - synced: The book's sync id and changes.
  ///   - id: Where it is written (``placement(of:)``).
  /// - Returns: The book written (`nil` when it is in the trash), and how many of the
  ///   changes were skipped as not making a valid book.
  func write(_ synced: SyncedBook, at id: Book.ID) throws -> (book: Book?, skipped: Int) {
    let known = try state(ofBook: synced.book)
    let book = known?.book ?? synced.book
    var state = try known.map { try journal($0.state, of: $0.book, id: $0.id) }
    let before = state
    var (addKey, replaced, skipped) = try merge(
      synced.changes, into: &state, checkingEach: false)
    // The book as written, when nothing below changes the state or the id it is made for.
    var checked: LibraryArchive.Item?
    if let merged = state {
      checked = try? merged.checkedItem(id: id)
      if checked == nil {
        // A line that does not make a valid book (a hostile page count, say) is skipped
        // with a warning; the others of the book are applied.
        state = before
        (addKey, replaced, skipped) = try merge(synced.changes, into: &state, checkingEach: true)
      }
    }
    if let snapshot = synced.snapshot {
      checked = nil
      replaced += try take(snapshot, into: &state)
      addKey = addKey ?? snapshot.addKey
    }
    guard var merged = state else {
      throw LibraryError.invalidSyncedBook(synced.book, reason: "no line adds it")
    }
    var gone: [Book.ID] = []
    for alias in synced.absorbing where alias != book {
      guard let other = try self.state(ofBook: alias), other.book != book else { continue }
      replaced += merged.merge(try journal(other.state, of: other.book, id: other.id))
      try connection.run(
        "UPDATE OR IGNORE sync_replaced SET book = ? WHERE book = ?",
        [.text(book), .text(other.book)])
      gone.append(other.id)
      checked = nil
      // The alias keeps what it was added as, so pairs of adds are found the same way later.
      try connection.run(
        """
        INSERT OR REPLACE INTO sync_aliases (alias, book, add_key, added)
        SELECT book, ?, add_key, added FROM sync_books WHERE book = ?
        """, [.text(book), .text(other.book)])
      try connection.run("DELETE FROM sync_books WHERE book = ?", [.text(other.book)])
      try connection.run(
        "UPDATE sync_aliases SET book = ? WHERE book = ?", [.text(book), .text(other.book)])
    }
    let target = synced.moveTo != nil ? id : known?.id ?? id
    let item: LibraryArchive.Item
    do {
      if target == id, let checked {
        item = checked
      } else {
        item = try merged.checkedItem(id: target)
      }
    } catch {
      throw LibraryError.invalidSyncedBook(synced.book, reason: error.errorDescription ?? "")
    }
    if !gone.isEmpty {
      try remark(
        "“\(item.book.title)” was added on two devices; it is one book now")
    }
    for old in Set([target, known?.id ?? target] + gone) {
      // Entries, details, tags, sources and history go with the row. Asked first: a delete
      // of nothing still opens a statement journal, and makes the search index write out
      // what it holds (a new device's join is all books not here yet).
      let key: [SQLiteValue] = [.integer(old)]
      if try connection.integer("SELECT 1 FROM books WHERE id = ?", key) != nil {
        try connection.run("DELETE FROM books WHERE id = ?", key)
      }
      if try connection.integer("SELECT 1 FROM trash WHERE book_id = ?", key) != nil {
        try connection.run("DELETE FROM trash WHERE book_id = ?", key)
      }
    }
    var written: Book?
    if merged.isRemoved {
      var json = JSONWriter()
      item.write(to: &json)
      try connection.run(
        "INSERT INTO trash (book_id, title, removed_ms, item) VALUES (?, ?, ?, ?)",
        [
          .integer(target), .text(item.book.title),
          .integer(merged.removed?.stamp.milliseconds ?? 0),
          .text(String(decoding: json.bytes, as: UTF8.self)),
        ])
    } else {
      try BookArchiveTables(connection: connection).insert(item)
      written = item.book
    }
    try save(merged, of: book, id: target, addKey: addKey)
    // A book new here: which books are one, and which ids they take, are asked again.
    if known == nil { try setInfo("unsettled", "1") }
    try keep(replaced, of: book)
    return (written, skipped)
  }

  /// After a sync's own write is recorded as `seq`: when the journal had recorded every
  /// change before it, its mark moves past it. A sync's writes are no change of this
  /// device's (the book's own change was recorded first, in the same transaction), and a
  /// join of 10,000 books would otherwise trim the record past the mark and make the next
  /// journal diff every book.
  func recorded(syncWrite seq: Int64) throws {
    if Int64(try info("journaled") ?? "") == seq - 1 { try setInfo("journaled", String(seq)) }
  }

  /// Merges changes into a state, in stamp order.
  ///
  /// - Parameters:
  ///   - checkingEach: Whether each change is kept only when the book it makes is valid.
  /// - Returns: What the book was added as (when a change adds it), the values that lost
  ///   their fields, and how many changes were skipped.
  private func merge(
    _ changes: [SyncedBook.StampedChange], into state: inout SyncBookState?, checkingEach: Bool
  ) throws -> (addKey: String?, replaced: [SyncBookState.Replaced], skipped: Int) {
    var addKey: String?
    var replaced: [SyncBookState.Replaced] = []
    var skipped = 0
    if let latest = changes.map(\.stamp).max() { try see(latest) }
    for stamped in changes.sorted(by: { $0.stamp < $1.stamp }) {
      var trial = state
      var key: String?
      if trial == nil, let claim = stamped.change.claim {
        trial = SyncBookState(claim: claim, added: stamped.stamp)
        key = stamped.change.addKey
      }
      let found = trial?.merge(stamped.change, stamped: stamped.stamp) ?? []
      if checkingEach, let trial {
        do {
          _ = try trial.checkedItem(id: 1)
        } catch {
          try problem(
            "a change of “\(stamped.change.book)” from device \(stamped.stamp.device) was skipped: "
              + (error.errorDescription ?? "it does not make a valid book"))
          skipped += 1
          continue
        }
      }
      state = trial
      addKey = addKey ?? key
      replaced += found
    }
    return (addKey, replaced, skipped)
  }

  /// The books two devices added as one (``SyncBookChange/addKey``): the k-th add of a key
  /// on one device is the same book as the k-th add of it on each other device. A function
  /// of the adds alone, so every device finds the same.
  ///
  /// - Returns: Groups of sync ids, the earliest add first.
  func sameBooks() throws -> [[String]] {
    // Every add, those already merged into another book included, with the book it is now.
    let rows = try connection.all(
      """
      SELECT add_key, book, added, book FROM sync_books WHERE add_key IN (
        SELECT add_key FROM sync_books WHERE add_key IS NOT NULL GROUP BY add_key
        HAVING count(*) > 1 OR add_key IN (SELECT add_key FROM sync_aliases))
      UNION ALL
      SELECT add_key, alias, added, book FROM sync_aliases WHERE add_key IN (
        SELECT add_key FROM sync_books WHERE add_key IS NOT NULL)
      """
    ) { row in
      (key: row.text(0), book: row.text(1), added: SyncStamp(row.text(2)), now: row.text(3))
    }
    var groups: [[String]] = []
    for (_, adds) in Dictionary(grouping: rows, by: \.key) {
      let byDevice = Dictionary(grouping: adds.filter { $0.added != nil }) { $0.added!.device }
        .mapValues { $0.sorted { $0.added! < $1.added! } }
      guard byDevice.count > 1 else { continue }
      let deepest = byDevice.values.map(\.count).max() ?? 0
      for position in 0..<deepest {
        let same = byDevice.values.compactMap { $0.count > position ? $0[position] : nil }
          .sorted { $0.added! < $1.added! }
        var books: [String] = []
        for add in same where !books.contains(add.now) { books.append(add.now) }
        if books.count > 1 { groups.append(books) }
      }
    }
    return groups.sorted { $0[0] < $1[0] }
  }

  /// Whether a local id is taken: by a book, a book in the trash, or a synced book.
  func isUsed(_ id: Book.ID) throws -> Bool {
    try connection.integer(
      """
      SELECT EXISTS (SELECT 1 FROM books WHERE id = ?1)
        OR EXISTS (SELECT 1 FROM trash WHERE book_id = ?1)
        OR EXISTS (SELECT 1 FROM sync_books WHERE book_id = ?1)
      """, [.integer(id)]) == 1
  }

  /// An id above every one in use.
  func nextFreeID() throws -> Book.ID {
    let highest =
      try connection.integer(
        """
        SELECT max(coalesce((SELECT max(id) FROM books), 0),
          coalesce((SELECT max(book_id) FROM trash), 0),
          coalesce((SELECT max(book_id) FROM sync_books), 0),
          coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'books'), 0))
        """) ?? 0
    return highest + 1
  }

  /// Keeps this device's clock after a stamp it has seen, but never more than a day ahead
  /// of its own: a device whose clock is years ahead (or a line that lies) still has its
  /// changes applied, but does not drag every later change here into its future.
  func see(_ stamp: SyncStamp) throws {
    guard stamp.milliseconds <= Date().milliseconds + Self.clockLead else { return }
    let latest = try info("stamp").flatMap(SyncStamp.init)
    if latest.map({ $0 < stamp }) ?? true { try setInfo("stamp", stamp.description) }
  }

  /// How far ahead of this device's clock a seen stamp may move it: a day.
  static let clockLead: Int64 = 86_400_000

  /// Keeps a warning for the sync's summary.
  func problem(_ text: String) throws {
    try connection.run(
      "INSERT INTO sync_info (key, value) VALUES ('problem.' || lower(hex(randomblob(8))), ?)",
      [.text(text)])
  }

  /// Keeps a remark for the sync's summary.
  func remark(_ text: String) throws {
    try connection.run(
      "INSERT INTO sync_info (key, value) VALUES ('remark.' || lower(hex(randomblob(8))), ?)",
      [.text(text)])
  }
}
