extension SQLiteLibrary {
  /// The triggers that run for every book inserted: the per-status count and the search
  /// index. A bulk write sets them aside and does their work once, at its end.
  private static let perBookInsertTriggers = [
    "books_counted_on_insert", "books_searched_on_insert",
  ]

  /// Runs a bulk write that adds books, then counts and indexes every book it added in one
  /// statement each, in the same transaction.
  ///
  /// A trigger per inserted book costs more than the insert itself: each one runs a
  /// program of its own and makes SQLite journal every page the insert touches, so that
  /// statement could be undone alone. The insert triggers are dropped for the body and
  /// created again from their own SQL before it returns; the transaction makes that atomic
  /// (a failure rolls the triggers back with everything else). The update and delete
  /// triggers stay; while `search_pending` holds the largest id from before, they leave the
  /// search index alone for books above it, which are not in it yet.
  ///
  /// - Parameters:
  ///   - connection: A connection inside a write transaction.
  ///   - body: The bulk write. It must not delete a book it added (the count would miss it).
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or a SQLite error.
  static func bulkAdding<T>(on connection: SQLiteConnection, _ body: () throws -> T) throws -> T {
    try indexingAddedBooksAtEnd(on: connection) { before in
      var triggers: [String] = []
      for name in perBookInsertTriggers {
        guard
          let sql = try connection.first(
            "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [.text(name)],
            { $0.text(0) })
        else { continue }
        triggers.append(sql)
        try connection.execute("DROP TRIGGER \(name)")
      }
      let result = try body()
      try connection.run(
        """
        UPDATE book_counts SET books = books
          + (SELECT count(*) FROM books WHERE id > ? AND books.status = book_counts.status)
        """, [.integer(before)])
      for sql in triggers { try connection.execute(sql) }
      return result
    }
  }

  /// Runs a write that may add many books, and puts the books it added into the search
  /// index in one statement at its end, in the same transaction.
  ///
  /// FTS5 writes the terms it holds at every savepoint and statement it is part of: a
  /// book indexed by its insert trigger inside a change's savepoint makes a segment of its
  /// own, and thousands of them are merged again and again (a sync's join spent a third of
  /// its time there). While `search_pending` holds the largest id from before, the search
  /// triggers leave books above it alone; they are not in the index yet, and the statement
  /// at the end indexes them as they are then (a book added and removed again is not).
  ///
  /// - Parameters:
  ///   - connection: A connection inside a write transaction.
  ///   - body: The write, given the largest book id from before.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or a SQLite error.
  static func indexingAddedBooksAtEnd<T>(
    on connection: SQLiteConnection, _ body: (Int64) throws -> T
  ) throws -> T {
    let before = try connection.integer("SELECT coalesce(max(id), 0) FROM books") ?? 0
    try connection.run(
      "INSERT OR REPLACE INTO library_info (key, value) VALUES ('search_pending', ?)",
      [.text(String(before))])
    let result = try body(before)
    try connection.run("DELETE FROM library_info WHERE key = 'search_pending'")
    try withLargeSearchBuffer(on: connection) {
      try connection.run(
        "INSERT INTO book_search (rowid, search_text) SELECT id, search_text FROM books WHERE id > ?",
        [.integer(before)])
    }
    return result
  }

  /// Runs `body` with FTS5 gathering 8 MiB of terms in memory before it writes them as a
  /// segment, then its default 1 MiB again.
  ///
  /// Fewer, larger segments are fewer to merge: indexing 100,000 real-shaped books took
  /// 1.8 s instead of 2.1 (`bench/README.md`). The setting is a row of the index's own
  /// configuration, written in the caller's transaction.
  private static func withLargeSearchBuffer(
    on connection: SQLiteConnection, _ body: () throws -> Void
  ) throws {
    try connection.execute(
      "INSERT INTO book_search (book_search, rank) VALUES ('hashsize', \(8 << 20))")
    try body()
    try connection.execute(
      "INSERT INTO book_search (book_search, rank) VALUES ('hashsize', \(1 << 20))")
  }
}
