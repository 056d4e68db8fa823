import CSQLite

/// A compiled statement, finalized when released. Used only by its connection, which binds,
/// steps and resets it in one place.
final class SQLiteStatement {
  private let handle: OpaquePointer
  // The connection finalizes its statements before it closes.
  private unowned let connection: SQLiteConnection
  /// Whether a call of the connection is part-way through running it (reading its rows).
  var isRunning = false

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
      case .text(let text): code = Self.bind(text, to: index, of: handle)
      }
      guard code == SQLITE_OK else { throw connection.lastError(code, sql: nil) }
    }
  }

  /// Binds text by its length, so a NUL inside it does not cut it short.
  private static func bind(_ text: String, to index: Int32, of handle: OpaquePointer) -> Int32 {
    var text = text
    return text.withUTF8 { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
      }
      return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        sqlite3_bind_text(handle, index, $0, Int32(buffer.count), sqliteTransient)
      }
    }
  }

  /// Ends the statement's current run, releasing the read snapshot it holds.
  func reset() {
    sqlite3_reset(handle)
  }

  /// Advances to the next row.
  ///
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw connection.lastError(code, sql: nil)
    }
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
  func columnType(_ column: Int32) -> Int32 { sqlite3_column_type(handle, column) }
  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
  func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    // By length, not up to the first NUL: text with a NUL in it comes back whole.
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The column's text split at its newlines, empty lines left out (``String/lineItems``),
  /// made from the column's bytes: no string of the whole is made to be split.
  func lines(_ column: Int32) -> [String] {
    guard let start = sqlite3_column_text(handle, column) else { return [] }
    let text = UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
    var lines: [String] = []
    var lineStart = 0
    while lineStart < text.count {
      let rest = UnsafeBufferPointer(rebasing: text[lineStart...])
      let end = rest.firstIndex(of: 0x0A).map { lineStart + $0 } ?? text.count
      if end > lineStart {
        lines.append(
          String(decoding: UnsafeBufferPointer(rebasing: text[lineStart..<end]), as: UTF8.self))
      }
      lineStart = end + 1
    }
    return lines
  }

  /// The case whose raw value the column's text is, compared byte for byte: no string is
  /// made of a word every row has (a status, a format). `nil` for another text or NULL.
  func rawCase<Case: CaseIterable & RawRepresentable>(_ column: Int32, of type: Case.Type)
    -> Case? where Case.RawValue == String
  {
    guard let start = sqlite3_column_text(handle, column) else { return nil }
    let text = UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
    for candidate in Case.allCases {
      var name = candidate.rawValue
      if name.withUTF8({ $0.count == text.count && $0.elementsEqual(text) }) { return candidate }
    }
    return nil
  }
}

/// The current row of a query, for reading columns.
struct SQLiteRow {
  private let statement: SQLiteStatement

  init(_ statement: SQLiteStatement) {
    self.statement = statement
  }

  func isNull(_ column: Int32) -> Bool { statement.isNull(column) }
  func columnType(_ column: Int32) -> Int32 { statement.columnType(column) }
  func int64(_ column: Int32) -> Int64 { statement.int64(column) }
  func double(_ column: Int32) -> Double { statement.double(column) }
  func text(_ column: Int32) -> String { statement.text(column) }
  func lines(_ column: Int32) -> [String] { statement.lines(column) }
  func rawCase<Case: CaseIterable & RawRepresentable>(_ column: Int32, of type: Case.Type)
    -> Case? where Case.RawValue == String
  { statement.rawCase(column, of: type) }
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
