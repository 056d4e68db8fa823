import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SQLiteLibrary {
  /// Recovers a damaged library: keeps the damaged file as a dated backup, then copies every
  /// row that can still be read, table by table without the indexes, into a new library
  /// whose indexes are built afresh, and writes it into the old one's file. A damaged index
  /// loses nothing: its rows are all in its table.
  ///
  /// The repair holds the library's lock (``LibraryLock``) for its whole run, so no write
  /// happens between what it reads and what it writes: writers wait, then write into the
  /// repaired library. The repaired library is written into the library's own file through
  /// SQLite, in one transaction, so that every process that has it open (and its WAL) goes
  /// on with the repaired one. A repair that is killed leaves the library as it was, and
  /// nothing beside it that the next repair or check does not remove.
  ///
  /// - Parameter now: When the repair runs, for the backup's name.
  /// - Returns: Where the backup is, what was recovered and what could not be; `nil` when
  ///   the library was sound by the time the lock was held (another repair came first).
  /// - Throws: ``LibraryError`` when there is no library, it is read-only, another bookclub
  ///   kept it locked, or the new one cannot be written; the damaged library is then left
  ///   as it was.
  public func repair(now: Date = Date()) throws -> RepairReport? {
    guard case .regular(let realPath, let size) = try LibraryFile.inspect(path) else {
      throw LibraryError.cannotOpen(path: path, detail: "there is no library there")
    }
    guard size > 0 else { throw LibraryError.emptyFile(path: path) }
    guard LibraryFile.isWritable(realPath) else { throw LibraryError.readOnly(path: path) }
    close()
    // Polled often: writers leave the lock free only between their transactions.
    let lock = try LibraryLock.wait(
      .exclusive, at: LibraryLock.path(of: realPath), library: path, step: 1_000,
      timeout: .busy(path: path))
    defer { extendLifetime(lock) }
    RepairLitter.remove(beside: realPath)
    guard try check().isDamaged else { return nil }
    let backup = try keepBackup(of: realPath, now: now)
    var report = RepairReport(backup: backup, recovered: [:], lost: [])
    try mapErrors {
      let fresh = try recoveredCopy(of: realPath, report: &report)
      try write(fresh, into: realPath)
    }
    unlink(LibraryFile.damageMarker(of: realPath))
    return report
  }

  /// Copies every row of the library at `realPath` that can be read into a new, private
  /// database (deleted as it is opened, so a killed repair leaves nothing of it).
  private func recoveredCopy(of realPath: String, report: inout RepairReport) throws
    -> SQLiteConnection
  {
    let fresh = try SQLiteConnection.anonymous()
    try fresh.run("ATTACH DATABASE ? AS damaged", [.text(realPath)])
    // The same page size as the library's, which its WAL needs for the copy back.
    if let pageSize = try? fresh.integer("PRAGMA damaged.page_size") {
      try fresh.execute("PRAGMA main.page_size = \(pageSize)")
    }
    try prepare(fresh)
    // The copy's keys are refolded below, unless it names this build's folding.
    try fresh.run("DELETE FROM library_info WHERE key = ?", [.text(Self.foldingVersionKey)])
    try fresh.execute("PRAGMA foreign_keys = OFF")
    for table in Self.repairedTables {
      report.recovered[table] = try copyRows(of: table, into: fresh, lost: &report.lost)
    }
    for table in Self.wholeTables {
      report.recovered[table] = try copyWhole(table, into: fresh, lost: &report.lost)
    }
    report.lost += try removeOrphans(in: fresh)
    try Self.refoldKeys(on: fresh) { try $0() }
    try Self.rebuildReadings(on: fresh)
    // Rows copied with REPLACE may have passed the counting and search triggers twice.
    try fresh.execute(
      """
      UPDATE main.book_counts
      SET books = (SELECT count(*) FROM main.books WHERE books.status = book_counts.status);
      INSERT INTO main.book_search (book_search) VALUES ('rebuild');
      """)
    try fresh.execute("DETACH DATABASE damaged")
    return fresh
  }

  /// The tables copied, parents first.
  private static let repairedTables = [
    "library_info", "books", "book_details", "book_sources", "progress_entries",
    "status_changes", "book_tags", "book_events", "trash", "reading_goals",
  ]

  /// Tables copied whole (they have no row ids to step by, and nothing of a book): the
  /// clubs you are in, what was read of them, your events on their way, and the record of
  /// changes (an undo checks the rows it would move back, so a repaired book that lost
  /// some is refused, not overwritten).
  private static let wholeTables = [
    "clubs", "club_journals", "club_standing", "club_pace", "club_notes", "club_outbox",
    "library_changes", "library_change_members",
  ]

  /// Copies a table whole; one that cannot be read is reported lost (a club's standing is
  /// read again from its journals).
  private func copyWhole(_ table: String, into fresh: SQLiteConnection, lost: inout [String])
    throws -> Int
  {
    let columns = try Self.sharedColumns(of: table, on: fresh)
    guard !columns.isEmpty else { return 0 }
    do {
      try fresh.run(
        "INSERT OR IGNORE INTO main.\(table) (\(columns)) SELECT \(columns) FROM damaged.\(table)")
    } catch let error as SQLiteError where error.isDamage || error.primaryCode == SQLITE_IOERR {
      lost.append("\(table): could not be read")
      try fresh.run("DELETE FROM main.\(table)")
      if table == "club_journals" || table == "club_standing" {
        // Read again from the start: the standing is rebuilt from the journals.
        try? fresh.run("DELETE FROM main.club_journals")
      }
    }
    return Int(try fresh.integer("SELECT count(*) FROM main.\(table)") ?? 0)
  }

  /// Copies a table's rows a chunk at a time; where a chunk cannot be read, a row at a
  /// time, stepping over what cannot be read and saying which ids it could not read.
  ///
  /// - Returns: How many rows were copied.
  private func copyRows(of table: String, into fresh: SQLiteConnection, lost: inout [String])
    throws -> Int
  {
    let columns = try Self.sharedColumns(of: table, on: fresh)
    guard !columns.isEmpty else { return 0 }
    // A status bookclub does not know (another program wrote it; `check` lists it) would
    // break the fresh table's check: it is copied as what it reads as, want to read.
    let selected =
      table == "books"
      ? columns.replacing(
        "\"status\"",
        with: "CASE WHEN \"status\" IN (\(Self.knownStatusesSQL)) THEN \"status\" ELSE 'want' END")
      : columns
    let copy = """
      INSERT OR REPLACE INTO main.\(table) (rowid, \(columns))
      SELECT rowid, \(selected) FROM damaged.\(table) NOT INDEXED WHERE rowid > ?
      ORDER BY rowid LIMIT ?
      """
    var after = Int64.min
    var copied = 0
    var rowsAtATime = 0  // after damage, this many rows are copied one by one
    while true {
      let chunk: Int64 = rowsAtATime > 0 ? 1 : 500
      do {
        try fresh.run(copy, [.integer(after), .integer(chunk)])
      } catch let error as SQLiteError where error.isDamage || error.primaryCode == SQLITE_IOERR {
        guard let next = Self.nextReadableRow(of: table, after: after, on: fresh) else {
          lost.append(
            "\(table): the rows after id \(after == Int64.min ? 0 : after) could not be read")
          return copied
        }
        lost.append(
          "\(table): the rows with ids \(after == Int64.min ? 0 : after + 1) to \(next - 1) could not be read"
        )
        after = next - 1
        rowsAtATime = 500
        continue
      }
      let newest = try fresh.integer("SELECT max(rowid) FROM main.\(table)")
      guard let newest, newest > after else { return copied }
      copied += Int(
        try fresh.integer(
          "SELECT count(*) FROM main.\(table) WHERE rowid > ?", [.integer(after)]) ?? 0)
      after = newest
      rowsAtATime = max(0, rowsAtATime - 1)
    }
  }

  /// The first row id after `after` that can be read, looking further and further ahead.
  private static func nextReadableRow(
    of table: String, after: Int64, on connection: SQLiteConnection
  ) -> Int64? {
    var step: Int64 = 1
    while step < 1 << 40 {
      let (from, overflow) = (after == Int64.min ? 0 : after).addingReportingOverflow(step)
      guard !overflow else { return nil }
      if let found = try? connection.integer(
        "SELECT rowid FROM damaged.\(table) NOT INDEXED WHERE rowid >= ? ORDER BY rowid LIMIT 1",
        [.integer(from)])
      {
        return found
      }
      step *= 2
    }
    return nil
  }

  /// The table's columns that the damaged library has too, quoted, for a copy.
  private static func sharedColumns(of table: String, on fresh: SQLiteConnection) throws
    -> String
  {
    try columns(of: table, in: "main", on: fresh)
      .filter(try Set(columns(of: table, in: "damaged", on: fresh)).contains)
      .map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// Deletes rows whose book could not be recovered, saying how many.
  private func removeOrphans(in fresh: SQLiteConnection) throws -> [String] {
    var lost: [String] = []
    // A trashed book is no longer in `books`: the trash holds it whole.
    let tables = Self.repairedTables.filter {
      !["books", "library_info", "trash", "reading_goals"].contains($0)
    }
    for table in tables {
      let orphans =
        try fresh.integer(
          "SELECT count(*) FROM main.\(table) WHERE book_id NOT IN (SELECT id FROM main.books)")
        ?? 0
      guard orphans > 0 else { continue }
      try fresh.run(
        "DELETE FROM main.\(table) WHERE book_id NOT IN (SELECT id FROM main.books)")
      lost.append("\(table): \(orphans) rows belonged to books that could not be read")
    }
    return lost
  }

  private static func columns(
    of table: String, in database: String, on connection: SQLiteConnection
  )
    throws -> [String]
  {
    try connection.all("SELECT name FROM pragma_table_info(?, ?)", [.text(table), .text(database)])
    {
      $0.text(0)
    }
  }
}
