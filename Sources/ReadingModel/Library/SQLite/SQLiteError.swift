import CSQLite

/// An error reported by SQLite, with its (extended) result code and the statement it came
/// from (for `BOOKCLUB_VERBOSE` and logs, not for people).
struct SQLiteError: Error, CustomStringConvertible {
  let code: Int32
  let message: String
  let sql: String?
  /// The operating system's `errno` behind an I/O error (`ENOSPC`, `EROFS`, ...), or 0.
  var systemError: Int32 = 0

  var primaryCode: Int32 { code & 0xFF }
  var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
  /// The file is not a database, or its pages do not make sense.
  var isDamage: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
  /// Whether SQLite refused a statement for naming a `kind` ("table", "column") the
  /// database does not have: an older library, not damage.
  func isMissing(_ kind: String) -> Bool {
    primaryCode == SQLITE_ERROR && message.hasPrefix("no such \(kind)")
  }

  var description: String {
    "\(message) (SQLite code \(code))" + (sql.map { " in: \($0)" } ?? "")
  }

  func with(sql: String) -> SQLiteError {
    SQLiteError(code: code, message: message, sql: self.sql ?? sql, systemError: systemError)
  }
}
