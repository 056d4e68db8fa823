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
  /// whose indexes are built afresh, and puts it in the old one's place. A damaged index
  /// loses nothing: its rows are all in its table.
  ///
  /// - Parameter now: When the repair runs, for the backup's name.
  /// - Returns: Where the backup is, what was recovered and what could not be.
  /// - Throws: ``LibraryError`` when there is no library, or the new one cannot be written;
  ///   the damaged library is then left as it was.
  public func repair(now: Date = Date()) throws -> RepairReport {
    guard case .regular(let realPath, let size) = try LibraryFile.inspect(path) else {
      throw LibraryError.cannotOpen(path: path, detail: "there is no library there")
    }
    guard size > 0 else { throw LibraryError.emptyFile(path: path) }
    close()
    let backup = try keepBackup(of: realPath, now: now)
    let temporary = "\(realPath).repair-\(getpid())"
    defer {
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
    }
    var report = RepairReport(backup: backup, recovered: [:], lost: [])
    try mapErrors {
      let fresh = try SQLiteConnection(path: temporary, mode: .create)
      try prepare(fresh)
      try fresh.execute("PRAGMA foreign_keys = OFF")
      try fresh.run("ATTACH DATABASE ? AS damaged", [.text(backup)])
      for table in Self.repairedTables {
        report.recovered[table] = try copyRows(of: table, into: fresh, lost: &report.lost)
      }
      for table in Self.wholeTables {
        report.recovered[table] = try copyWhole(table, into: fresh, lost: &report.lost)
      }
      report.lost += try removeOrphans(in: fresh)
      try Self.rebuildReadings(on: fresh)
      // Rows copied with REPLACE may have passed the counting and search triggers twice.
      try fresh.execute(
        """
        UPDATE main.book_counts
        SET books = (SELECT count(*) FROM main.books WHERE books.status = book_counts.status);
        INSERT INTO main.book_search (book_search) VALUES ('rebuild');
        """)
      try fresh.execute("DETACH DATABASE damaged")
      try fresh.execute("PRAGMA journal_mode = WAL")
    }
    // The old file's journal belongs to it alone (it is in the backup): it goes with it.
    for suffix in ["-wal", "-shm"] { unlink(realPath + suffix) }
    guard rename(temporary, realPath) == 0 else {
      throw LibraryError.cannotOpen(path: path, detail: String(cString: strerror(errno)))
    }
    unlink(LibraryFile.damageMarker(of: realPath))
    return report
  }

  /// The tables copied, parents first.
  private static let repairedTables = [
    "library_info", "books", "book_details", "book_sources", "progress_entries",
    "status_changes", "book_tags", "book_events", "trash", "reading_goals",
  ]

  /// Tables copied whole (they have no row ids to step by, and nothing of a book): the
  /// clubs you are in, what was read of them, your events on their way.
  private static let wholeTables = [
    "clubs", "club_journals", "club_standing", "club_pace", "club_notes", "club_outbox",
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

  /// Copies the library file and its journal to `<library>.damaged-<time>`.
  private func keepBackup(of realPath: String, now: Date) throws -> String {
    let stamp = InterchangeDate.format(milliseconds: now.milliseconds).prefix(19)
      .filter { $0 != ":" && $0 != "-" }
    let backup = "\(realPath).damaged-\(stamp)"
    do {
      for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: realPath + suffix) {
        try FileManager.default.copyItem(atPath: realPath + suffix, toPath: backup + suffix)
      }
    } catch {
      throw LibraryError.cannotOpen(
        path: path, detail: "cannot keep a backup at '\(backup)' (\(error.explanation))")
    }
    return backup
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
    let copy = """
      INSERT OR REPLACE INTO main.\(table) (rowid, \(columns))
      SELECT rowid, \(columns) FROM damaged.\(table) NOT INDEXED WHERE rowid > ?
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
