import CSQLite

/// The rows a connection's statements write to some tables while it listens, as SQLite hands
/// them to its pre-update hook: each row as it was and as it became, in the order written,
/// cascades and triggers included. A change is so recorded from what it wrote, without
/// reading every row of its book before and after it; a connection that is not listening
/// (a bulk import) pays nothing.
final class RowCapture {
  /// One row written: as it was (`nil` for a row inserted) and as it became (`nil` for a
  /// row deleted), every column in the table's order, the rowid first where it is hidden.
  struct Write {
    let table: String
    let before: [SQLiteValue?]?
    let after: [SQLiteValue?]?
  }

  /// The tables listened to, by name: whether each hides its rowid.
  private let tables: [String: Bool]
  /// A capture this one interrupted (a change applied inside another): it hears on.
  private let outer: RowCapture?
  private(set) var writes: [Write] = []

  private init(tables: [ChangeSubject.Table], outer: RowCapture?) {
    self.tables = Dictionary(
      tables.map { ($0.name, $0.hasHiddenRowID) }, uniquingKeysWith: { first, _ in first })
    self.outer = outer
  }

  /// Runs `body` while the rows it writes to `tables` of the main database are captured.
  ///
  /// - Returns: What `body` returns, and the rows it wrote.
  static func listening<T>(
    to tables: [ChangeSubject.Table], on connection: SQLiteConnection, _ body: () throws -> T
  ) rethrows -> (T, [Write]) {
    let previous = sqlite3_preupdate_hook(connection.handle, nil, nil)
    let outer = previous.map { Unmanaged<RowCapture>.fromOpaque($0).takeUnretainedValue() }
    let capture = RowCapture(tables: tables, outer: outer)
    sqlite3_preupdate_hook(
      connection.handle, heard, Unmanaged.passUnretained(capture).toOpaque())
    defer {
      _ = withExtendedLifetime(capture) {
        sqlite3_preupdate_hook(connection.handle, previous == nil ? nil : heard, previous)
      }
    }
    let result = try body()
    return (result, capture.writes)
  }

  fileprivate func hear(
    _ database: OpaquePointer, _ operation: Int32, _ table: String, _ oldRowID: Int64,
    _ newRowID: Int64
  ) {
    outer?.hear(database, operation, table, oldRowID, newRowID)
    guard let hidesRowID = tables[table] else { return }
    let count = sqlite3_preupdate_count(database)
    func row(_ read: (Int32, UnsafeMutablePointer<OpaquePointer?>) -> Int32, rowID: Int64)
      -> [SQLiteValue?]
    {
      var values: [SQLiteValue?] = hidesRowID ? [.integer(rowID)] : []
      values.reserveCapacity(Int(count) + values.count)
      for column in 0..<count {
        var value: OpaquePointer?
        values.append(read(column, &value) == SQLITE_OK ? value.flatMap(Self.value) : nil)
      }
      return values
    }
    let before =
      operation == SQLITE_INSERT
      ? nil : row({ sqlite3_preupdate_old(database, $0, $1) }, rowID: oldRowID)
    let after =
      operation == SQLITE_DELETE
      ? nil : row({ sqlite3_preupdate_new(database, $0, $1) }, rowID: newRowID)
    writes.append(Write(table: table, before: before, after: after))
  }

  /// A value as stored: integer, real, text or NULL (as ``SQLiteRow/value(_:)`` reads one).
  private static func value(_ value: OpaquePointer) -> SQLiteValue? {
    switch sqlite3_value_type(value) {
    case SQLITE_NULL: return nil
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    default:
      guard let bytes = sqlite3_value_text(value) else { return .text("") }
      let count = Int(sqlite3_value_bytes(value))
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    }
  }
}

/// SQLite's pre-update hook: hands the row about to be written to the capture listening.
private let heard:
  @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, Int32, UnsafePointer<CChar>?,
    UnsafePointer<CChar>?, sqlite3_int64, sqlite3_int64
  ) -> Void = { context, database, operation, databaseName, table, oldRowID, newRowID in
    guard let context, let database, let databaseName, let table,
      String(cString: databaseName) == "main"
    else { return }
    Unmanaged<RowCapture>.fromOpaque(context).takeUnretainedValue().hear(
      database, operation, String(cString: table), oldRowID, newRowID)
  }
