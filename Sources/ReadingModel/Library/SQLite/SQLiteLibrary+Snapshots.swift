import CSQLite

// Taking and putting back the rows of a change's subject (``ChangeSubject``), for undo
// and redo: every column as stored, rowids kept.
extension SQLiteLibrary {
  /// The subject's rows in each of its tables, and, when asked, a book's history (needed
  /// only where the book's row goes or comes: a record keeps it to put back with the book).
  func snapshot(
    _ subject: ChangeSubject, withHistory: Bool = false, on connection: SQLiteConnection
  ) throws -> RowSnapshot {
    var snapshot = RowSnapshot()
    for table in subject.tables {
      let rows = try rows(of: table, key: subject.key, on: connection)
      if !rows.rows.isEmpty { snapshot.tables[table.name] = rows }
    }
    if withHistory, subject.bookID != nil {
      snapshot.history = try rows(of: ChangeSubject.historyTable, key: subject.key, on: connection)
    }
    return snapshot
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
        guard let row = now[key], values.allSatisfy({ row[$0.key] == $0.value }) else {
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
    if let known = snapshotColumns[table.name] { return known }
    var columns = try connection.all(
      "SELECT name FROM pragma_table_info(?)", [.text(table.name)], { $0.text(0) })
    if table.hasHiddenRowID { columns.insert("rowid", at: 0) }
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
