import CSQLite
import Foundation

/// One SQLite connection. Not thread-safe: owned by exactly one actor (``SQLiteLibrary``).
final class SQLiteConnection {
  private let handle: OpaquePointer
  let path: String

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

  deinit {
    sqlite3_close_v2(handle)
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
