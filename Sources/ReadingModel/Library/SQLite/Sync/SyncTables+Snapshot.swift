extension SyncTables {
  /// Every book's state, with what the snapshot needs to stand for the journals it covers
  /// (``SyncSnapshot``).
  func snapshot() throws -> SyncSnapshot {
    var covers: [SyncDeviceID: (sequence: Int, name: String)] = [:]
    if let device = try device {
      covers[device] = (Int(try info("sequence") ?? "") ?? 0, try info("name") ?? "")
    }
    var points: [SyncDeviceID: ClubJournal.ReadPoint] = [:]
    try connection.forEach(
      """
      SELECT device, name, last_seq, read_offset, read_line, check_length, check_hash
      FROM sync_devices
      """
    ) { row in
      if let device = SyncDeviceID(row.text(0)) {
        covers[device] = (Int(row.int64(2)), row.text(1))
        points[device] = ClubJournal.ReadPoint(
          offset: Int(row.int64(3)), lineNumber: Int(row.int64(4)),
          checkLength: Int(row.int64(5)), checkHash: row.int64(6),
          lastSequence: Int(row.int64(2)))
      }
    }
    var aliases: [String: [SyncSnapshot.Alias]] = [:]
    try connection.forEach("SELECT alias, book, add_key, added FROM sync_aliases") { row in
      aliases[row.text(1), default: []].append(
        SyncSnapshot.Alias(alias: row.text(0), addKey: row.optionalText(2), added: row.text(3)))
    }
    var books: [SyncSnapshot.Book] = []
    try connection.forEach("SELECT book, state, add_key FROM sync_books ORDER BY book") { row in
      guard let state = SyncBookState(storedText: row.text(1)) else { return }
      books.append(
        SyncSnapshot.Book(
          book: row.text(0), state: state, addKey: row.optionalText(2),
          aliases: aliases[row.text(0)] ?? [], replaced: try replaced(of: row.text(0))))
    }
    var snapshot = SyncSnapshot(covers: covers, points: points, books: books)
    snapshot.clubs = try latestClubs().map { SyncSnapshot.Club(change: $0.change, stamp: $0.stamp) }
    return snapshot
  }

  /// Takes in a snapshot's book (``SyncedBook/snapshot``): merged with what this library
  /// holds of it, its aliases and lost values kept.
  func take(_ book: SyncSnapshot.Book, into state: inout SyncBookState?) throws
    -> [SyncBookState.Replaced]
  {
    for alias in book.aliases {
      try connection.run(
        "INSERT OR IGNORE INTO sync_aliases (alias, book, add_key, added) VALUES (?, ?, ?, ?)",
        [.text(alias.alias), .text(book.book), alias.addKey.map { .text($0) }, .text(alias.added)])
    }
    var replaced = book.replaced
    if state == nil {
      state = book.state
    } else {
      replaced += state?.merge(book.state) ?? []
    }
    return replaced
  }
}
