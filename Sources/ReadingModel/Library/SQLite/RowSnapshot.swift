/// The rows of a subject in each of its tables, column by column, as stored: what a change
/// record keeps of the state before and after it. Restoring one writes every column back,
/// keys and search text included, so nothing an undo puts back is computed again.
struct RowSnapshot: Sendable, Equatable {
  /// One table's rows, with the names of the columns they have (a later migration may add
  /// columns: a restore writes those it has, and the rest keep their defaults).
  struct Rows: Sendable, Equatable {
    var columns: [String]
    var rows: [[SQLiteValue?]]
  }

  /// By table name; a table without rows is absent.
  var tables: [String: Rows] = [:]
  /// The book's history when the snapshot was taken (not compared: history only grows).
  var history: Rows?

  /// Whether the subject exists in it: the book's row, or the goal's.
  func contains(_ table: String) -> Bool { !(tables[table]?.rows.isEmpty ?? true) }

  /// Whether two snapshots hold the same state, history aside.
  func hasSameState(as other: RowSnapshot) -> Bool { tables == other.tables }
}

extension SQLiteValue: Equatable {
  static func == (lhs: SQLiteValue, rhs: SQLiteValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let a), .integer(let b)): a == b
    // Bit for bit: a restored fraction is the one stored.
    case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
    case (.text(let a), .text(let b)): a == b
    default: false
    }
  }
}
