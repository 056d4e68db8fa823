import CSQLite

/// A compiled statement, finalized when released. Used only on its connection's actor.
final class SQLiteStatement {
  private let handle: OpaquePointer
  // The connection finalizes its cached statements before it closes; statements made with
  // `prepare` live only inside the call that made them.
  private unowned let connection: SQLiteConnection

  init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds values to `?1`, `?2`, ... in order; `nil` binds SQL NULL.
  func bind(_ values: [SQLiteValue?]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case nil: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .real(let number): code = sqlite3_bind_double(handle, index, number)
      case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, sqliteTransient)
      }
      guard code == SQLITE_OK else { throw connection.lastError(code) }
    }
  }

  /// Ends the statement's current run, releasing the read snapshot it holds.
  func reset() {
    sqlite3_reset(handle)
  }

  /// Advances to the next row.
  ///
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  @discardableResult
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.lastError(code)
    }
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
  func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    return String(cString: bytes)
  }

  func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
  func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
  func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
  case integer(Int64)
  case real(Double)
  case text(String)
}

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
