import CSQLite

/// The columns of a table as a snapshot reads them (`rowid` first where it is hidden), with
/// what a row handed over by SQLite's pre-update hook (``RowCapture``) needs to read as the
/// same row read by a `SELECT`.
struct SnapshotColumns: Sendable, Equatable {
  let table: String
  private(set) var names: [String] = []
  /// By position: whether the column has REAL affinity, whose integers a `SELECT` reads as
  /// reals (a row being written may still hold the integer).
  private(set) var isReal: [Bool] = []
  /// By position: whether the column cannot be NULL. SQLite 3.40's hook reads such a column
  /// as NULL in a row stored before the column was added; a `SELECT` reads its default.
  private(set) var isNotNull: [Bool] = []

  /// Reads the columns from the connection's schema: the names and declared types of a
  /// compiled `SELECT *` (never run), which costs less than `pragma_table_info`.
  ///
  /// - Throws: ``SQLiteError`` when the table cannot be read.
  init(of table: ChangeSubject.Table, on connection: SQLiteConnection) throws {
    self.table = table.name
    if table.hasHiddenRowID { append("rowid", type: "INTEGER", isNotNull: true) }
    let sql = "SELECT * FROM main.\(table.name)"
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(connection.handle, sql, -1, 0, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard code == SQLITE_OK, let statement else { throw connection.lastError(code, sql: sql) }
    for column in 0..<sqlite3_column_count(statement) {
      let name = sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
      let type = sqlite3_column_decltype(statement, column).map { String(cString: $0) } ?? ""
      var notNull: Int32 = 0
      _ = sqlite3_table_column_metadata(
        connection.handle, "main", table.name, name, nil, nil, &notNull, nil, nil)
      append(name, type: type, isNotNull: notNull != 0)
    }
  }

  private mutating func append(_ name: String, type: String, isNotNull: Bool) {
    names.append(name)
    isReal.append(Self.hasRealAffinity(type))
    self.isNotNull.append(isNotNull)
  }

  /// SQLite's rule for a declared type (its documentation, "Determination Of Column
  /// Affinity", as `sqlite3AffinityType` reads it: four letters at a time, ASCII case
  /// folded): INT wins, then CHAR, CLOB or TEXT, then BLOB, then REAL, FLOA or DOUB.
  static func hasRealAffinity(_ type: String) -> Bool {
    func word(_ text: StaticString) -> UInt32 {
      text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
    var isReal = false
    var window: UInt32 = 0
    for byte in type.utf8 {
      let folded = (65...90).contains(byte) ? byte + 32 : byte
      window = window << 8 | UInt32(folded)
      if window & 0x00FF_FFFF == word("int") { return false }
      if [word("char"), word("clob"), word("text"), word("blob")].contains(window) {
        return false
      }
      if [word("real"), word("floa"), word("doub")].contains(window) { isReal = true }
    }
    return isReal
  }

  /// `row` as a `SELECT` reads it: reals where the affinity is REAL.
  func read(_ row: [SQLiteValue?]) -> [SQLiteValue?] {
    var row = row
    for index in row.indices where isReal[index] {
      if case .integer(let number) = row[index] { row[index] = .real(Double(number)) }
    }
    return row
  }
}

extension RowSnapshot {
  /// Whether `a` sorts before `b` as SQLite orders rows: column by column, NULL first, then
  /// numbers by value, then text by its bytes.
  static func precedes(_ a: [SQLiteValue?], _ b: [SQLiteValue?]) -> Bool {
    for (left, right) in zip(a, b) {
      switch (left, right) {
      case (nil, nil): continue
      case (nil, _): return true
      case (_, nil): return false
      case (.text(let x)?, .text(let y)?):
        if x == y { continue }
        return x.utf8.lexicographicallyPrecedes(y.utf8)
      case (.text?, _): return false
      case (_, .text?): return true
      case (.integer(let x)?, .integer(let y)?):
        if x == y { continue }
        return x < y
      case (let x?, let y?):
        let (p, q) = (x.number, y.number)
        if p == q { continue }
        return p < q
      }
    }
    return a.count < b.count
  }
}

extension SQLiteValue {
  /// An integer's or a real's value as a number (text is never asked).
  fileprivate var number: Double {
    switch self {
    case .integer(let number): Double(number)
    case .real(let number): number
    case .text: 0
    }
  }
}
