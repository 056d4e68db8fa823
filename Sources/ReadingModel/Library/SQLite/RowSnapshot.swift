/// The rows of a subject in its tables, column by column, as stored. A change is recorded
/// as the rows it changed (``difference(from:to:in:)``): the rows as they were and as they
/// became, by their key, so a record stays small however long the book's history is, and
/// undoing it writes back every column of those rows, keys and search text included.
struct RowSnapshot: Sendable, Equatable {
  /// One table's rows, with the names of the columns they have (a later migration may add
  /// columns: a restore writes those it has, and the rest keep their defaults).
  struct Rows: Sendable, Equatable {
    var columns: [String]
    var rows: [[SQLiteValue?]]

    /// The rows without one of their columns.
    func without(column name: String) -> Rows {
      guard let position = columns.firstIndex(of: name) else { return self }
      var kept = self
      kept.columns.remove(at: position)
      kept.rows = rows.map { row in
        var row = row
        row.remove(at: position)
        return row
      }
      return kept
    }

    /// The rows by their key, each as its values by column.
    func byKey(_ key: [String]) -> [[SQLiteValue?]: [String: SQLiteValue?]] {
      let positions = key.compactMap { columns.firstIndex(of: $0) }
      var keyed: [[SQLiteValue?]: [String: SQLiteValue?]] = [:]
      for row in rows {
        keyed[positions.map { row[$0] }] = Dictionary(
          zip(columns, row), uniquingKeysWith: { first, _ in first })
      }
      return keyed
    }
  }

  /// By table name; a table without rows is absent.
  var tables: [String: Rows] = [:]
  /// The book's history: kept only where the book's row is on one side of a change, to
  /// put back with a book that comes back (history is never rolled back otherwise).
  var history: Rows?

  /// Whether the book's (or the goal's) own row is here.
  func contains(_ table: String) -> Bool { !(tables[table]?.rows.isEmpty ?? true) }

  /// Whether two snapshots hold the same state, history aside.
  func hasSameState(as other: RowSnapshot) -> Bool { tables == other.tables }

  /// The rows that differ between two whole snapshots of one subject, by key: those of
  /// `before` that went or changed, and those of `after` that came or changed.
  static func difference(
    from before: RowSnapshot, to after: RowSnapshot, in tables: [ChangeSubject.Table]
  ) -> (before: RowSnapshot, after: RowSnapshot) {
    var old = RowSnapshot()
    var new = RowSnapshot()
    for table in tables {
      let was = before.tables[table.name] ?? Rows(columns: [], rows: [])
      let now = after.tables[table.name] ?? Rows(columns: [], rows: [])
      // One transaction's snapshots have the same columns: rows compare as they are.
      let wasKey = table.rowKey.compactMap { was.columns.firstIndex(of: $0) }
      let nowKey = table.rowKey.compactMap { now.columns.firstIndex(of: $0) }
      let wasByKey = Dictionary(
        was.rows.map { row in (wasKey.map { row[$0] }, row) }, uniquingKeysWith: { a, _ in a })
      let nowByKey = Dictionary(
        now.rows.map { row in (nowKey.map { row[$0] }, row) }, uniquingKeysWith: { a, _ in a })
      let sameColumns = was.columns == now.columns || was.rows.isEmpty || now.rows.isEmpty
      let gone = was.rows.filter { row in !sameColumns || nowByKey[wasKey.map { row[$0] }] != row }
      let came = now.rows.filter { row in !sameColumns || wasByKey[nowKey.map { row[$0] }] != row }
      if !gone.isEmpty { old.tables[table.name] = Rows(columns: was.columns, rows: gone) }
      if !came.isEmpty { new.tables[table.name] = Rows(columns: now.columns, rows: came) }
    }
    guard let main = tables.first?.name else { return (old, new) }
    if before.contains(main), !after.contains(main) { old.history = before.history }
    if after.contains(main), !before.contains(main) { new.history = after.history }
    return (old, new)
  }

  /// A row's key values.
  static func key(of row: [SQLiteValue?], in rows: Rows, _ table: ChangeSubject.Table)
    -> [SQLiteValue?]
  {
    table.rowKey.compactMap { rows.columns.firstIndex(of: $0) }.map { row[$0] }
  }
}

extension SQLiteValue: Hashable {
  static func == (lhs: SQLiteValue, rhs: SQLiteValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let a), .integer(let b)): a == b
    // Bit for bit: a restored fraction is the one stored.
    case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
    case (.text(let a), .text(let b)): a == b
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .integer(let number): hasher.combine(number)
    case .real(let number): hasher.combine(number.bitPattern)
    case .text(let text): hasher.combine(text)
    }
  }
}
