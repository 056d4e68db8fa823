extension SQLiteLibrary {
  /// The `library_info` row that names the folding the library's keys were made with.
  static let foldingVersionKey = "folding_version"

  /// Whether the library's stored keys were made by another folding than this build's
  /// (``SearchKey/foldingVersion``): a library that names none was made before it was kept.
  static func keysNeedRefolding(on connection: SQLiteConnection) throws -> Bool {
    // One statement where the table is there (every library but a new one's first steps).
    do {
      let stored = try connection.first(
        "SELECT value FROM library_info WHERE key = ?", [.text(foldingVersionKey)]
      ) { $0.text(0) }
      return stored != SearchKey.foldingVersion
    } catch let error as SQLiteError where error.isMissing("table") {
      return true
    }
  }

  /// Makes every stored key again with this build's folding, and records its version, in
  /// the transaction `inTransaction` runs (checked again there: another process may have
  /// refolded meanwhile).
  static func refoldKeys(
    on connection: SQLiteConnection, inTransaction: (() throws -> Void) throws -> Void
  ) throws {
    try inTransaction {
      guard try keysNeedRefolding(on: connection) else { return }
      try KeyRefolding.refoldBooks(on: connection)
      try KeyRefolding.refoldTags(on: connection)
      // A series' key is its folded name: its rows are made again from the details.
      try BookDetailTables(connection: connection).rebuildSeries()
      try BookDetailTables(connection: connection).rebuildMoods()
      try connection.run(
        "INSERT OR REPLACE INTO library_info (key, value) VALUES (?, ?)",
        [.text(foldingVersionKey), .text(SearchKey.foldingVersion)])
    }
  }
}
