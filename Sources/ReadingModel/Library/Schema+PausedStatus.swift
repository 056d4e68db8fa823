extension Schema {
  /// The paused status (README, "Paused"): `books.status` and `status_changes.status` take
  /// `paused`, and `book_counts` counts it.
  ///
  /// SQLite cannot alter a CHECK constraint, and rebuilding `books` (a dozen tables refer
  /// to it, with triggers and a search index) needs foreign keys off, which a migration's
  /// transaction cannot turn. The constraint only widens, so every stored row still meets
  /// it: the tables' stored definitions are rewritten in place, as SQLite's documentation
  /// allows for a change that leaves the stored rows as they are ("Making Other Kinds Of
  /// Table Schema Changes"), and the schema version moved on so every connection reads
  /// them again.
  static let pausedStatus = Migration(
    name: "paused-status",
    sql: """
      INSERT OR IGNORE INTO book_counts (status, books)
      VALUES ('paused', (SELECT count(*) FROM books WHERE status = 'paused'));
      """,
    backfill: { connection in
      let (old, new) = ("'finished', 'abandoned'))", "'finished', 'abandoned', 'paused'))")
      let version = try connection.integer("PRAGMA schema_version") ?? 0
      try connection.execute("PRAGMA writable_schema = ON")
      try connection.run(
        """
        UPDATE sqlite_master SET sql = replace(sql, ?, ?)
        WHERE type = 'table' AND name IN ('books', 'status_changes')
        """, [.text(old), .text(new)])
      try connection.execute("PRAGMA schema_version = \(version + 1)")
      try connection.execute("PRAGMA writable_schema = OFF")
      let widened = try connection.integer(
        """
        SELECT count(*) FROM sqlite_master
        WHERE type = 'table' AND name IN ('books', 'status_changes') AND instr(sql, ?) > 0
        """, [.text(new)])
      guard widened == 2 else {
        throw LibraryError.damaged(
          path: connection.path,
          detail: "its books table does not check statuses as bookclub made it")
      }
    })
}
