import CSQLite

// Taking and putting back the rows of a change's subject (``ChangeSubject``), for undo
// and redo: every column as stored, rowids kept.
extension SQLiteLibrary {
  /// The subject's rows in each of its tables, and a book's history.
  func snapshot(_ subject: ChangeSubject, on connection: SQLiteConnection) throws -> RowSnapshot {
    var snapshot = RowSnapshot()
    for table in subject.tables {
      let rows = try rows(of: table, key: subject.key, on: connection)
      if !rows.rows.isEmpty { snapshot.tables[table.name] = rows }
    }
    if subject.bookID != nil {
      snapshot.history = try rows(of: ChangeSubject.historyTable, key: subject.key, on: connection)
    }
    return snapshot
  }

  /// Makes the subject's rows those of `snapshot`. A book that exists keeps its history; a
  /// book that comes back gets the history the snapshot kept.
  func restore(
    _ snapshot: RowSnapshot, of subject: ChangeSubject, on connection: SQLiteConnection
  ) throws {
    let tables = subject.tables
    guard let main = tables.first else { return }
    let key: [SQLiteValue?] = [.integer(subject.key)]
    let existed =
      try connection.integer(
        "SELECT count(*) FROM \(main.name) WHERE \(main.key) = ?", key) ?? 0 > 0
    // Children first, then the row they refer to; the row first when putting back.
    for table in tables.dropFirst().reversed() {
      try connection.run("DELETE FROM \(table.name) WHERE \(table.key) = ?", key)
    }
    if let rows = snapshot.tables[main.name], let row = rows.rows.first {
      if existed {
        try update(main, key: subject.key, to: row, columns: rows.columns, on: connection)
      } else {
        try insert(rows, into: main, on: connection)
        if let history = snapshot.history {
          try insert(history, into: ChangeSubject.historyTable, on: connection)
        }
      }
    } else if existed {
      try connection.run("DELETE FROM \(main.name) WHERE \(main.key) = ?", key)
    }
    for table in tables.dropFirst() {
      if let rows = snapshot.tables[table.name] { try insert(rows, into: table, on: connection) }
    }
  }

  private func rows(of table: ChangeSubject.Table, key: Int64, on connection: SQLiteConnection)
    throws -> RowSnapshot.Rows
  {
    var columns = try connection.all("SELECT name FROM pragma_table_info(?)", [.text(table.name)]) {
      $0.text(0)
    }
    if table.hasHiddenRowID { columns.insert("rowid", at: 0) }
    let order = table.hasHiddenRowID ? "rowid" : columns.joined(separator: ", ")
    let rows = try connection.all(
      """
      SELECT \(columns.joined(separator: ", ")) FROM \(table.name) WHERE \(table.key) = ?
      ORDER BY \(order)
      """, [.integer(key)]
    ) { row in (0..<Int32(columns.count)).map { row.value($0) } }
    return RowSnapshot.Rows(columns: columns, rows: rows)
  }

  private func insert(
    _ rows: RowSnapshot.Rows, into table: ChangeSubject.Table, on connection: SQLiteConnection
  ) throws {
    let marks = Array(repeating: "?", count: rows.columns.count).joined(separator: ", ")
    let sql =
      "INSERT INTO \(table.name) (\(rows.columns.joined(separator: ", "))) VALUES (\(marks))"
    for row in rows.rows { try connection.run(sql, row) }
  }

  private func update(
    _ table: ChangeSubject.Table, key: Int64, to row: [SQLiteValue?], columns: [String],
    on connection: SQLiteConnection
  ) throws {
    let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
    try connection.run(
      "UPDATE \(table.name) SET \(assignments) WHERE \(table.key) = ?", row + [.integer(key)])
  }
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
