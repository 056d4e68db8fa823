import CSQLite

// Taking and putting back the rows of a change's subject (``ChangeSubject``), for undo
// and redo: every column as stored, rowids kept.
extension SQLiteLibrary {
  /// The subject's rows in each of its tables, as they are.
  func snapshot(_ subject: ChangeSubject, on connection: SQLiteConnection) throws
    -> RowSnapshot
  {
    var snapshot = RowSnapshot()
    for table in subject.tables {
      let rows = try rows(of: table, key: subject.key, on: connection)
      if !rows.rows.isEmpty { snapshot.tables[table.name] = rows }
    }
    return snapshot
  }

  /// The rows of `subject` that `writes` changed, each side as a snapshot reads it: a row
  /// (by its key) as it was before its first write and as it is after its last, a row that
  /// ends as it began left out, as ``RowSnapshot/difference(from:to:in:)`` leaves it out.
  /// A book that goes keeps `history`, the history read before; one that comes, its history
  /// as it is now.
  func changedRows(
    _ writes: [RowCapture.Write], of subject: ChangeSubject, history: RowSnapshot.Rows?,
    on connection: SQLiteConnection
  ) throws -> (before: RowSnapshot, after: RowSnapshot) {
    var old = RowSnapshot()
    var new = RowSnapshot()
    for table in subject.tables {
      let written = writes.filter { $0.table == table.name }
      guard !written.isEmpty else { continue }
      let columns = try tableColumns(of: table, on: connection)
      let (gone, came) = try changedRows(written, of: subject, in: columns, table, on: connection)
      if !gone.isEmpty {
        old.tables[table.name] = RowSnapshot.Rows(columns: columns.names, rows: gone)
      }
      if !came.isEmpty {
        new.tables[table.name] = RowSnapshot.Rows(columns: columns.names, rows: came)
      }
    }
    guard let main = subject.tables.first?.name else { return (old, new) }
    if old.contains(main), !new.contains(main) { old.history = history }
    if new.contains(main), !old.contains(main) {
      new.history = try self.history(of: subject, on: connection)
    }
    return (old, new)
  }

  /// One table's rows of `subject` that `written` changed: as they were, and as they are.
  private func changedRows(
    _ written: [RowCapture.Write], of subject: ChangeSubject, in columns: SnapshotColumns,
    _ table: ChangeSubject.Table, on connection: SQLiteConnection
  ) throws -> (gone: [[SQLiteValue?]], came: [[SQLiteValue?]]) {
    let keyAt = table.rowKey.compactMap { columns.names.firstIndex(of: $0) }
    guard let subjectAt = columns.names.firstIndex(of: table.key) else { return ([], []) }
    // By key: the row before its first write and after its last (`nil`: no row). A few
    // rows: searched in order (a dictionary of them costs more to set up than it saves).
    var touched: [TouchedRow] = []
    func note(_ key: [SQLiteValue?], before: [SQLiteValue?]?, after: [SQLiteValue?]?) {
      if let index = touched.firstIndex(where: { $0.key == key }) {
        touched[index].last = after
      } else {
        touched.append(TouchedRow(key: key, first: before, last: after))
      }
    }
    for write in written {
      let before = try write.before.map { try complete($0, columns, on: connection) }
      let after = write.after.map(columns.read)
      let beforeKey = before.map { row in keyAt.map { row[$0] } }
      let afterKey = after.map { row in keyAt.map { row[$0] } }
      if let beforeKey {
        note(beforeKey, before: before, after: beforeKey == afterKey ? after : nil)
      }
      if let afterKey, afterKey != beforeKey { note(afterKey, before: nil, after: after) }
    }
    let key = SQLiteValue.integer(subject.key)
    var gone: [[SQLiteValue?]] = []
    var came: [[SQLiteValue?]] = []
    for row in touched where row.first != row.last {
      if let was = row.first, was[subjectAt] == key { gone.append(was) }
      if let now = row.last, now[subjectAt] == key { came.append(now) }
    }
    return (gone.sorted(by: RowSnapshot.precedes), came.sorted(by: RowSnapshot.precedes))
  }

  /// A row as it was, read from the hook, as a `SELECT` would have read it: a column added
  /// since the row was stored has its default, not NULL.
  private func complete(
    _ row: [SQLiteValue?], _ columns: SnapshotColumns, on connection: SQLiteConnection
  ) throws -> [SQLiteValue?] {
    var row = row
    for index in row.indices where row[index] == nil && columns.isNotNull[index] {
      guard
        let fallback = try connection.first(
          "SELECT dflt_value FROM pragma_table_info(?) WHERE name = ?",
          [.text(columns.table), .text(columns.names[index])], { $0.optionalText(0) }) ?? nil
      else { continue }
      row[index] = try connection.first("SELECT \(fallback)", [], { $0.value(0) }) ?? nil
    }
    return columns.read(row)
  }

  /// A book's history as it is now (`nil` for a goal).
  func history(of subject: ChangeSubject, on connection: SQLiteConnection) throws
    -> RowSnapshot.Rows?
  {
    guard subject.bookID != nil else { return nil }
    return try rows(of: ChangeSubject.historyTable, key: subject.key, on: connection)
  }

  /// Whether the subject's rows are as `old` and `new` expect before moving from one to
  /// the other: each row of `old` as it is there, and no row where only `new` has one.
  func holds(
    _ old: RowSnapshot, without new: RowSnapshot, of subject: ChangeSubject,
    on connection: SQLiteConnection
  ) throws -> Bool {
    let current = try snapshot(subject, on: connection)
    for table in subject.tables {
      let now = current.tables[table.name]?.byKey(table.rowKey) ?? [:]
      let expected = old.tables[table.name]?.byKey(table.rowKey) ?? [:]
      for (key, values) in expected {
        // A derived column may have been worked out since, by a write no record holds.
        guard let row = now[key],
          values.allSatisfy({ table.derived.contains($0.key) || row[$0.key] == $0.value })
        else {
          return false
        }
      }
      let coming = new.tables[table.name]?.byKey(table.rowKey) ?? [:]
      for key in coming.keys where expected[key] == nil && now[key] != nil { return false }
    }
    return true
  }

  /// Moves the subject's rows from `old` to `new` (each the rows a change touched, by key):
  /// rows only in `old` go, rows in both take `new`'s values, rows only in `new` come. A
  /// book that comes back gets the history `new` kept.
  func move(
    _ subject: ChangeSubject, from old: RowSnapshot, to new: RowSnapshot,
    on connection: SQLiteConnection
  ) throws {
    let tables = subject.tables
    // Rows that go: the rows that refer to the book's row first, then it.
    for table in tables.reversed() {
      let coming = new.tables[table.name]?.byKey(table.rowKey) ?? [:]
      for (key, _) in old.tables[table.name]?.byKey(table.rowKey) ?? [:] where coming[key] == nil {
        try connection.run(
          "DELETE FROM \(table.name) WHERE \(Self.matching(table.rowKey))", key)
      }
    }
    // Rows that stay with other values, and rows that come: the book's row first.
    for table in tables {
      guard let rows = new.tables[table.name] else { continue }
      let staying = old.tables[table.name]?.byKey(table.rowKey) ?? [:]
      for row in rows.rows {
        let key = RowSnapshot.key(of: row, in: rows, table)
        if staying[key] != nil {
          let assignments = rows.columns.map { "\($0) = ?" }.joined(separator: ", ")
          try connection.run(
            "UPDATE \(table.name) SET \(assignments) WHERE \(Self.matching(table.rowKey))",
            row + key)
        } else {
          try insert(
            RowSnapshot.Rows(columns: rows.columns, rows: [row]), into: table, on: connection)
        }
      }
      if table == tables.first, let history = new.history, !old.contains(table.name) {
        // Without their rowids: nothing refers to an event by it, and events logged since
        // (an undo's, on another book) may have taken them.
        try insert(
          history.without(column: "rowid"), into: ChangeSubject.historyTable, on: connection)
      }
    }
  }

  /// `a = ? AND b = ?`
  private static func matching(_ columns: [String]) -> String {
    columns.map { "\($0) = ?" }.joined(separator: " AND ")
  }

  private func rows(of table: ChangeSubject.Table, key: Int64, on connection: SQLiteConnection)
    throws -> RowSnapshot.Rows
  {
    let columns = try self.columns(of: table, on: connection)
    let order = table.hasHiddenRowID ? "rowid" : columns.joined(separator: ", ")
    let rows = try connection.all(
      """
      SELECT \(columns.joined(separator: ", ")) FROM \(table.name) WHERE \(table.key) = ?
      ORDER BY \(order)
      """, [.integer(key)]
    ) { row in (0..<Int32(columns.count)).map { row.value($0) } }
    return RowSnapshot.Rows(columns: columns, rows: rows)
  }

  /// The columns a snapshot of `table` reads (`rowid` first where it is hidden).
  func columns(of table: ChangeSubject.Table, on connection: SQLiteConnection) throws
    -> [String]
  {
    try tableColumns(of: table, on: connection).names
  }

  /// The columns of `table` as a snapshot reads them, with what a row read from SQLite's
  /// pre-update hook needs to read as a `SELECT` would (``SnapshotColumns``).
  func tableColumns(of table: ChangeSubject.Table, on connection: SQLiteConnection) throws
    -> SnapshotColumns
  {
    if let known = snapshotColumns[table.name] { return known }
    let columns = try SnapshotColumns(of: table, on: connection)
    snapshotColumns[table.name] = columns
    return columns
  }

  /// Refuses a stored record whose tables or columns are not this library's (a damaged
  /// record, or one a newer bookclub wrote): its names would go into SQL, and a row
  /// without its key columns would be taken for another.
  func checkStored(
    _ snapshot: RowSnapshot, of subject: ChangeSubject, on connection: SQLiteConnection
  )
    throws
  {
    let tables = subject.tables + [ChangeSubject.historyTable]
    let stored =
      Array(snapshot.tables)
      + (snapshot.history.map { [(ChangeSubject.historyTable.name, $0)] } ?? [])
    for (name, rows) in stored {
      guard let table = tables.first(where: { $0.name == name }),
        Set(rows.columns).isSubset(of: try columns(of: table, on: connection)),
        Set(table.rowKey).isSubset(of: rows.columns)
      else {
        throw LibraryError.damaged(
          path: path, detail: "a change record names \(name) as this library does not have it")
      }
    }
  }

  private func insert(
    _ rows: RowSnapshot.Rows, into table: ChangeSubject.Table, on connection: SQLiteConnection
  ) throws {
    let marks = Array(repeating: "?", count: rows.columns.count).joined(separator: ", ")
    let sql =
      "INSERT INTO \(table.name) (\(rows.columns.joined(separator: ", "))) VALUES (\(marks))"
    for row in rows.rows { try connection.run(sql, row) }
  }

}

/// A row a change wrote, by its key: as it was before the first write and after the last
/// (`nil`: no row). A struct, not a tuple: an array of labelled tuples of optionals costs the
/// runtime a metadata instantiation on every command that writes.
private struct TouchedRow {
  let key: [SQLiteValue?]
  let first: [SQLiteValue?]?
  var last: [SQLiteValue?]?
}

extension SQLiteRow {
  /// A column's value as stored: integer, real, text or NULL.
  func value(_ column: Int32) -> SQLiteValue? {
    switch columnType(column) {
    case SQLITE_NULL: nil
    case SQLITE_INTEGER: .integer(int64(column))
    case SQLITE_FLOAT: .real(double(column))
    default: .text(text(column))
    }
  }
}
