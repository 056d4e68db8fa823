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

/// The rows a repair recovers: a new, private database (``fresh``) with the damaged
/// library attached as `damaged`, and every row of it that can still be read copied in,
/// table by table without the indexes.
struct RepairCopy {
  let fresh: SQLiteConnection

  /// Attaches the damaged library at `realPath`, and gives the copy its page size (which
  /// its WAL needs for the copy back).
  func attach(_ realPath: String) throws {
    try fresh.run("ATTACH DATABASE ? AS damaged", [.text(realPath)])
    if let pageSize = try? fresh.integer("PRAGMA damaged.page_size") {
      try fresh.execute("PRAGMA main.page_size = \(pageSize)")
    }
  }

  /// Copies every row that can be read into the copy, which has the library's schema, then
  /// refolds its keys, rebuilds what is derived, and detaches the damaged library.
  func copyRows(report: inout RepairReport) throws {
    // The copy's keys are refolded below, unless it names this build's folding.
    try fresh.run(
      "DELETE FROM library_info WHERE key = ?", [.text(SQLiteLibrary.foldingVersionKey)])
    try fresh.execute("PRAGMA foreign_keys = OFF")
    for table in Self.repairedTables {
      report.recovered[table] = try copyRows(of: table, lost: &report.lost)
    }
    for table in Self.wholeTables {
      report.recovered[table] = try copyWhole(table, lost: &report.lost)
    }
    report.lost += try removeOrphans()
    try SQLiteLibrary.refoldKeys(on: fresh) { try $0() }
    try BookDetailTables(connection: fresh).rebuildReadings()
    try BookDetailTables(connection: fresh).rebuildSeries()
    try BookDetailTables(connection: fresh).rebuildMoods()
    // Rows copied with REPLACE may have passed the counting and search triggers twice.
    try fresh.execute(
      """
      UPDATE main.book_counts
      SET books = (SELECT count(*) FROM main.books WHERE books.status = book_counts.status);
      INSERT INTO main.book_search (book_search) VALUES ('rebuild');
      """)
    try fresh.execute("DETACH DATABASE damaged")
  }

  /// The tables copied, parents first.
  private static let repairedTables = [
    "library_info", "books", "book_details", "book_sources", "progress_entries",
    "status_changes", "book_tags", "book_events", "trash", "reading_goals", "highlights",
    "removed_highlights", "reading_sessions", "removed_sessions",
  ]

  /// Tables copied whole (they have no row ids to step by, and nothing of a book): the
  /// clubs you are in, what was read of them, your events on their way, the record of
  /// changes (an undo checks the rows it would move back, so a repaired book that lost
  /// some is refused, not overwritten), and how the library syncs: its device, each book's
  /// merged state, what it has still to send and how far each journal was read.
  private static let wholeTables = [
    "clubs", "club_journals", "club_standing", "club_pace", "club_notes", "club_outbox",
    "library_changes", "library_change_members", "sync_info", "sync_devices", "sync_books",
    "sync_aliases", "sync_outbox", "sync_replaced", "sync_unknown", "sync_clubs",
  ]

  /// Copies a table whole; one that cannot be read is reported lost (a club's standing is
  /// read again from its journals).
  private func copyWhole(_ table: String, lost: inout [String]) throws -> Int {
    let columns = try sharedColumns(of: table)
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
  private func copyRows(of table: String, lost: inout [String]) throws -> Int {
    let columns = try sharedColumns(of: table)
    guard !columns.isEmpty else { return 0 }
    // A status bookclub does not know (another program wrote it; `check` lists it) would
    // break the fresh table's check: it is copied as what it reads as, want to read.
    let selected =
      table == "books"
      ? columns.replacing(
        "\"status\"",
        with:
          "CASE WHEN \"status\" IN (\(SQLiteLibrary.knownStatusesSQL)) THEN \"status\" ELSE 'want' END"
      )
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
  private func sharedColumns(of table: String) throws -> String {
    try Self.columns(of: table, in: "main", on: fresh)
      .filter(try Set(Self.columns(of: table, in: "damaged", on: fresh)).contains)
      .map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// Deletes rows whose book could not be recovered, saying how many.
  private func removeOrphans() throws -> [String] {
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
    // A group's members without its record would be taken for a later record's, whose
    // number SQLite gives again: they go, and the group can no longer be undone.
    let members =
      try fresh.integer(
        """
        SELECT count(DISTINCT seq) FROM main.library_change_members
        WHERE seq NOT IN (SELECT seq FROM main.library_changes)
        """) ?? 0
    if members > 0 {
      try fresh.run(
        """
        DELETE FROM main.library_change_members
        WHERE seq NOT IN (SELECT seq FROM main.library_changes)
        """)
      lost.append(
        "library_change_members: the books of \(members) imports whose record could not be read")
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
