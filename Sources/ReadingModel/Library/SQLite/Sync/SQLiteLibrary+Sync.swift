#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How this library syncs: what `sync init` or `sync join` set.
public struct SyncSetup: Sendable, Equatable {
  public var device: SyncDeviceID
  /// The device's name, as other devices list it.
  public var name: String
  /// The sync folder (a git clone's work tree, for git).
  public var folder: String
  /// Whether the folder is a git clone bookclub commits, pulls and pushes.
  public var usesGit: Bool

  public init(device: SyncDeviceID, name: String, folder: String, usesGit: Bool) {
    self.device = device
    self.name = name
    self.folder = folder
    self.usesGit = usesGit
  }
}

/// What one device's journal looks like from here, for `sync status` and `sync devices`.
public struct SyncDeviceRecord: Sendable, Equatable {
  public var device: SyncDeviceID
  public var name: String
  public var readPoint: ClubJournal.ReadPoint
  /// The stamp of its latest change read here.
  public var lastStamp: SyncStamp?
  /// How many of its changes were applied here.
  public var changes: Int

  /// How warnings name the device: `laptop (a1b2c3d4e5f6)`.
  public var label: String { name.isEmpty ? device.text : "\(name) (\(device))" }
}

// The public face of sync's tables (`Sync/SyncTables*.swift`): each method one transaction.
extension SQLiteLibrary {
  /// How this library syncs; `nil` before `sync init` or `sync join`.
  public func syncSetup() throws -> SyncSetup? {
    try reading(orIfMissing: nil) { connection in
      let tables = SyncTables(connection: connection)
      guard let device = try tables.device, let folder = try tables.info("folder") else {
        return nil
      }
      return SyncSetup(
        device: device, name: try tables.info("name") ?? "", folder: folder,
        usesGit: try tables.info("transport") == "git")
    }
  }

  /// Makes this library sync as `setup` says, taking the folder's library id, and puts
  /// every book in the outbox (the first journal holds the whole library).
  ///
  /// - Throws: ``SyncError/alreadySyncing(_:)``, ``LibraryError``.
  public func startSyncing(_ setup: SyncSetup, libraryID: String) throws {
    try writing { connection in
      let tables = SyncTables(connection: connection)
      if let folder = try tables.info("folder") { throw SyncError.alreadySyncing(folder) }
      try tables.setInfo("device", setup.device.text)
      try tables.setInfo("name", setup.name)
      try tables.setInfo("folder", setup.folder)
      try tables.setInfo("transport", setup.usesGit ? "git" : "folder")
      try BookSourceTables(connection: connection).adoptLibraryID(libraryID)
      try tables.queue(.device(name: setup.name), stamp: try tables.nextStamp())
      for membership in try ClubTables(connection: connection).memberships() {
        try tables.queueClub(SyncClubChange(membership, left: false))
      }
      try tables.setInfo("journaled", "0")
      try tables.journalChanges()
    }
  }

  /// Puts what changed since the last sync in the outbox, and returns the outbox.
  ///
  /// - Returns: The lines not yet in this device's journal, in order, and the books whose
  ///   rows are not in the order every device writes them (to write again, through the
  ///   writer, so every device's export is the same).
  public func journalSyncChanges() throws -> (lines: [SyncLine], unsettled: [String]) {
    try writing { connection in
      let tables = SyncTables(connection: connection)
      guard let device = try tables.device else { throw SyncError.notSyncing }
      let changed = try tables.journalChanges()
      let lines = try connection.all("SELECT line FROM sync_outbox ORDER BY seq") { row in
        try? SyncLine.decode(Array(row.text(0).utf8), of: device).get()
      }.compactMap { $0 }
      return (lines, try tables.unsettled(changed))
    }
  }

  /// Takes lines out of the outbox once they are in this device's journal.
  public func sentSyncLines(through sequence: Int) throws {
    try writing { connection in
      try connection.run("DELETE FROM sync_outbox WHERE seq <= ?", [.integer(Int64(sequence))])
    }
  }

  /// What was read of every other device's journal.
  public func syncDevices() throws -> [SyncDeviceRecord] {
    try reading(orIfMissing: []) { connection in
      try connection.all(
        """
        SELECT device, name, read_offset, read_line, check_length, check_hash, last_seq,
          last_stamp, changes FROM sync_devices ORDER BY device
        """
      ) { row in
        SyncDeviceID(row.text(0)).map { device in
          SyncDeviceRecord(
            device: device, name: row.text(1),
            readPoint: ClubJournal.ReadPoint(
              offset: Int(row.int64(2)), lineNumber: Int(row.int64(3)),
              checkLength: Int(row.int64(4)), checkHash: row.int64(5),
              lastSequence: Int(row.int64(6))),
            lastStamp: row.optionalText(7).flatMap(SyncStamp.init), changes: Int(row.int64(8)))
        }
      }.compactMap { $0 }
    }
  }

  /// Records what was read of a device's journal.
  public func recordSyncRead(_ record: SyncDeviceRecord) throws {
    try writing { connection in
      let point = record.readPoint
      try connection.run(
        """
        INSERT INTO sync_devices (device, name, read_offset, read_line, check_length,
          check_hash, last_seq, last_stamp, changes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (device) DO UPDATE SET name = excluded.name,
          read_offset = excluded.read_offset, read_line = excluded.read_line,
          check_length = excluded.check_length, check_hash = excluded.check_hash,
          last_seq = excluded.last_seq, last_stamp = excluded.last_stamp,
          changes = excluded.changes
        """,
        [
          .text(record.device.text), .text(record.name), .integer(Int64(point.offset)),
          .integer(Int64(point.lineNumber)), .integer(Int64(point.checkLength)),
          .integer(point.checkHash), .integer(Int64(point.lastSequence)),
          record.lastStamp.map { .text($0.description) }, .integer(Int64(record.changes)),
        ])
    }
  }

  /// Keeps a line of a kind this bookclub does not know, to apply once it does.
  public func keepUnknownSyncLine(_ line: SyncLine) throws {
    guard case .unknown(_, let bytes) = line.kind else { return }
    try writing { connection in
      try connection.run(
        "INSERT OR IGNORE INTO sync_unknown (device, seq, line) VALUES (?, ?, ?)",
        [
          .text(line.device.text), .integer(Int64(line.sequence)),
          .text(String(decoding: bytes, as: UTF8.self)),
        ])
    }
  }

  /// Forgets a device: its journal is no longer read here (what it changed stays).
  public func forgetSyncDevice(_ device: SyncDeviceID) throws {
    try writing { connection in
      try connection.run("DELETE FROM sync_devices WHERE device = ?", [.text(device.text)])
      try SyncTables(connection: connection).setInfo("forgotten." + device.text, "1")
    }
  }

  /// Whether a device was forgotten here.
  public func isForgotten(_ device: SyncDeviceID) throws -> Bool {
    try reading(orIfMissing: false) { connection in
      try SyncTables(connection: connection).info("forgotten." + device.text) != nil
    }
  }

  /// The conflicts, for one book (by local id) or all: read from the values that lost
  /// their fields (``SyncBookState/conflicts(among:)``).
  public func syncConflicts(of id: Book.ID? = nil) throws -> [(
    book: Book.ID, conflict: SyncConflict
  )] {
    try reading(orIfMissing: []) { connection in
      let tables = SyncTables(connection: connection)
      let books = try connection.all(
        """
        SELECT DISTINCT s.book, s.book_id, s.state FROM sync_books s
        JOIN sync_replaced r ON r.book = s.book WHERE ?1 IS NULL OR s.book_id = ?1
        ORDER BY s.book_id
        """, [id.map { .integer($0) }]
      ) { row in (row.text(0), row.int64(1), SyncBookState(storedText: row.text(2))) }
      var conflicts: [(Book.ID, SyncConflict)] = []
      for (book, bookID, state) in books {
        guard let state else { continue }
        conflicts += state.conflicts(among: try tables.replaced(of: book)).map { (bookID, $0) }
      }
      return conflicts
    }
  }

  /// How many lines wait in the outbox, and how many of unknown kinds are kept.
  public func syncCounts() throws -> (outbox: Int, unknown: Int) {
    try reading(orIfMissing: (0, 0)) { connection in
      (
        Int(try connection.integer("SELECT count(*) FROM sync_outbox") ?? 0),
        Int(try connection.integer("SELECT count(*) FROM sync_unknown") ?? 0)
      )
    }
  }

  /// The remarks merges left (two devices' adds found to be one book) and the changes
  /// they skipped, taken.
  public func takeSyncRemarks() throws -> (remarks: [String], problems: [String]) {
    try writing { connection in
      func take(_ prefix: String) throws -> [String] {
        let texts = try connection.all(
          "SELECT value FROM sync_info WHERE key LIKE ? ORDER BY rowid", [.text(prefix + ".%")]
        ) { $0.text(0) }
        try connection.run("DELETE FROM sync_info WHERE key LIKE ?", [.text(prefix + ".%")])
        return texts
      }
      return (try take("remark"), try take("problem"))
    }
  }

  /// Records why a sync in the background failed, for the next command to tell; `nil`
  /// once one succeeded.
  public func recordBackgroundSyncProblem(_ problem: String?) throws {
    // Asked first: every sync clears it, and a write is a flush of the disk.
    if problem == nil, try backgroundSyncProblem() == nil { return }
    try writing { connection in
      let tables = SyncTables(connection: connection)
      if let problem {
        try tables.setInfo("background.problem", problem)
      } else {
        try connection.run("DELETE FROM sync_info WHERE key = 'background.problem'")
      }
    }
  }

  /// Why the last sync in the background failed, taken: told once.
  public func takeBackgroundSyncProblem() throws -> String? {
    guard try backgroundSyncProblem() != nil else { return nil }
    return try writing { connection in
      let problem = try SyncTables(connection: connection).info("background.problem")
      try connection.run("DELETE FROM sync_info WHERE key = 'background.problem'")
      return problem
    }
  }

  /// Why the last sync in the background failed, if it did.
  public func backgroundSyncProblem() throws -> String? {
    try reading(orIfMissing: nil) { try SyncTables(connection: $0).info("background.problem") }
  }

  /// Every book's state, for `sync compact` (``SyncSnapshot``).
  public func syncSnapshot() throws -> SyncSnapshot {
    try reading(orIfMissing: SyncSnapshot(covers: [:], books: [])) {
      try SyncTables(connection: $0).snapshot()
    }
  }

  /// Whether a book was added here or came from another device since ids were last
  /// settled: only then can two adds be one book, or two books want one id.
  public func syncNeedsSettling() throws -> Bool {
    try reading(orIfMissing: false) { try SyncTables(connection: $0).info("unsettled") == "1" }
  }

  /// Records that the adds are paired and the ids settled.
  public func syncSettled() throws {
    try writing { try SyncTables(connection: $0).setInfo("unsettled", "0") }
  }

  /// The books two devices added as one, to merge (``SyncTables/sameBooks()``).
  ///
  /// - Returns: Groups of sync ids, the earliest add (the one that stays) first.
  public func syncedSameBooks() throws -> [[String]] {
    try reading(orIfMissing: []) { try SyncTables(connection: $0).sameBooks() }
  }

  /// The moves that give every synced book the local id every device gives it: the id its
  /// adding device gave it, or, when two devices gave two books one id, the earlier add
  /// keeps it and the later ones take the ids after the highest given, in order of their
  /// adds. A function of the books alone, so every device comes to the same ids.
  ///
  /// - Returns: Sync ids, the local id each has and the one it moves to.
  public func syncedIDMoves() throws -> [(book: String, from: Book.ID, to: Book.ID)] {
    try reading(orIfMissing: []) { connection in
      try SyncTables(connection: connection).idMoves()
    }
  }
}
