/// The indexes no lookup of an import reads, set aside while an import adds more books
/// than the library holds, and made again, each from one sort, before it ends.
///
/// A flush moves ten thousand staged books into the library, and each book goes into every
/// index at a place of its own. On an import of 100,000 real-shaped rows, the sixteen
/// indexes of `books` that nothing reads during the import took 2.2 s of random page seeks
/// over ten flushes; `CREATE INDEX` reads the table once and writes its entries in order,
/// 1.1 s for the sixteen. The digests of `book_sources` are random text: 0.28 s of their
/// table's 1.0 s (issue 31, `bench/README.md`). Worth it only when the books added are
/// about as many as the library's (``worthSettingAside(libraryBooks:staged:shareRead:)``):
/// an index made again holds every book, old and new.
///
/// Both steps are statements of the import's transaction: a failure, a kill or a crash
/// rolls the library back to every index it had.
struct DeferredIndexes {
  /// The indexes of other tables set aside with those of `books`: the row digests, read
  /// once, before the first row (``BookSourceTables/booksByRowDigest(source:limit:)``).
  private static let setAsideBesideBooks = ["book_sources_by_row_digest"]

  /// The statements that make the indexes set aside, as the library's schema holds them.
  private let statements: [String]

  /// Drops every index of `books` but the ones an import reads, and
  /// ``setAsideBesideBooks``. A unique index stays: it refuses a row when it is written.
  ///
  /// - Parameter connection: A connection inside a write transaction.
  /// - Throws: A SQLite error.
  static func setAside(on connection: SQLiteConnection) throws -> DeferredIndexes {
    let kept = Set(CandidateTables.indexes)
    let indexes = try connection.all(
      """
      SELECT tbl_name, name, sql FROM main.sqlite_schema
      WHERE type = 'index' AND tbl_name IN ('books', 'book_sources') AND sql IS NOT NULL
        AND sql NOT LIKE 'CREATE UNIQUE %'
      """
    ) { (table: $0.text(0), name: $0.text(1), sql: $0.text(2)) }.filter {
      $0.table == "books" ? !kept.contains($0.name) : setAsideBesideBooks.contains($0.name)
    }
    for index in indexes {
      // The name as an identifier, its quotes doubled: a library is a file anyone may write.
      let name = index.name.split(separator: "\"", omittingEmptySubsequences: false)
        .joined(separator: "\"\"")
      try connection.run("DROP INDEX main.\"\(name)\"")
    }
    return DeferredIndexes(statements: indexes.map(\.sql))
  }

  /// Makes the indexes set aside again, over every row of their tables.
  ///
  /// - Parameter connection: The connection of the transaction that set them aside.
  /// - Throws: A SQLite error.
  func restore(on connection: SQLiteConnection) throws {
    // Each index is sorted in memory up to the page cache's size, beside the import's
    // cache at its largest: with 64 MiB, an import of 1,000,000 rows peaked at 213 MiB
    // instead of 149. With 16 MiB, a larger index is sorted in runs on disk, merged.
    try connection.withCache(kibibytes: 16_384) {
      // One statement each, as the schema holds it: anything after it is not run.
      for sql in statements { try connection.run(sql) }
    }
  }

  /// Runs `body`, a write of `changes` changes to books (adds, most of them, when a device
  /// joins), with the indexes set aside when the library holds no more books than that.
  ///
  /// A sync writes each book in a savepoint of its own, and SQLite journals every index
  /// page the book's row touches there: with sixteen indexes fewer, a device joining with
  /// 10,000 books journals a few pages a book instead of twenty.
  ///
  /// - Parameters:
  ///   - changes: How many books `body` writes, at most.
  ///   - connection: A connection inside a write transaction.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or a SQLite error.
  static func around<T>(
    changes: Int, on connection: SQLiteConnection, _ body: () throws -> T
  ) throws -> T {
    // A small write is left as it is: a change of the schema makes SQLite compile every
    // statement again. 1,000 is a round number, not a measured one.
    guard changes >= 1_000 else { return try body() }
    // The counts the triggers keep: `count(*)` reads a whole index of a large library.
    let libraryBooks = try connection.integer("SELECT sum(books) FROM book_counts") ?? 0
    guard worthSettingAside(libraryBooks: Int(libraryBooks), staged: changes, shareRead: 1)
    else { return try body() }
    let deferred = try setAside(on: connection)
    let result = try body()
    try deferred.restore(on: connection)
    return result
  }

  /// Whether making the indexes again costs less than adding the import's books to them.
  ///
  /// Adding a book to an index seeks its page; making an index sorts what it holds, at
  /// about half that cost an entry (measured above): setting aside pays when the import
  /// adds at least as many books as the library held.
  ///
  /// - Parameters:
  ///   - libraryBooks: The books in the library's table now.
  ///   - staged: The books the import has staged so far.
  ///   - shareRead: How much of the import's source was read, from 0 to 1, when known.
  /// - Returns: Whether the books the import is expected to add are at least as many.
  static func worthSettingAside(libraryBooks: Int, staged: Int, shareRead: Double?) -> Bool {
    // A source of unknown length (or of nothing read) is taken to end here: no more
    // books than staged.
    let share = shareRead.flatMap { $0 > 0 ? min($0, 1) : nil } ?? 1
    let expected = Double(staged) / share
    return Double(libraryBooks) <= expected
  }
}
