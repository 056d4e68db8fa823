import CSQLite
import Foundation

/// One SQLite connection. Not thread-safe: owned by exactly one actor (``SQLiteLibrary``).
final class SQLiteConnection {
  private let handle: OpaquePointer
  let path: String
  /// Compiled statements by their SQL, reused across calls.
  private var statements: [String: SQLiteStatement] = [:]

  /// Opens an existing database file, or creates one when `create` is set.
  ///
  /// Opening reads nothing and writes nothing; problems with the file surface on first use.
  init(path: String, create: Bool) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0)
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message)
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
  }

  /// Opens a private database in memory, for work that must leave every file untouched.
  static func inMemory() throws(SQLiteError) -> SQLiteConnection {
    try SQLiteConnection(path: ":memory:", create: true)
  }

  deinit {
    statements.removeAll()  // finalized before the connection closes
    sqlite3_close_v2(handle)
  }

  /// A cached compiled statement for `sql`.
  ///
  /// Callers `reset()` it when done, so no statement keeps a read snapshot open between calls.
  func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let cached = statements[sql] { return cached }
    let statement = try prepare(sql)
    statements[sql] = statement
    return statement
  }

  /// Copies this database, whole, into `other` (SQLite's online backup).
  func copy(into other: SQLiteConnection) throws(SQLiteError) {
    guard let backup = sqlite3_backup_init(other.handle, "main", handle, "main") else {
      throw other.lastError(sqlite3_errcode(other.handle))
    }
    let code = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else { throw lastError(code) }
  }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw lastError(code) }
  }

  /// Compiles one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw lastError(code) }
    return SQLiteStatement(statement, connection: self)
  }

  /// The first column of the first row of a query, as an integer.
  func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when it throws.
  ///
  /// `IMMEDIATE` takes the write lock up front, so two processes never both read, then both
  /// write, and one fail half-way: the second waits (busy timeout) before reading.
  func writeTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  func lastError(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }
}

/// An error reported by SQLite, with its (extended) result code.
struct SQLiteError: Error, CustomStringConvertible {
  let code: Int32
  let message: String

  var primaryCode: Int32 { code & 0xFF }
  var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
  /// The file is not a database, or its pages do not make sense.
  var isDamage: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
  var description: String { "\(message) (SQLite code \(code))" }
}
