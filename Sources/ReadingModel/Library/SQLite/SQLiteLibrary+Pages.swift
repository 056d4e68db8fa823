extension SQLiteLibrary {
  public func page(_ query: PageQuery) throws -> BookPage {
    if let cursor = query.after, cursor.sort != query.sort {
      throw LibraryError.cursorSortMismatch(cursor: cursor.sort, query: query.sort)
    }
    let empty = BookPage(books: [], next: nil)
    return try reading(orIfMissing: empty) { connection in
      let (sql, parameters) = Self.pageSQL(query)
      // One row more than asked for tells whether another page follows, without counting.
      let rows = try connection.all(sql, parameters) { row in
        (ListedBook(book: Self.book(from: row), progress: row.optionalDouble(9)), row.text(10))
      }
      guard rows.count > query.limit, let last = rows.prefix(query.limit).last else {
        return BookPage(books: rows.map(\.0), next: nil)
      }
      let cursor = PageCursor(
        sort: query.sort, position: query.firstPosition - 1 + query.limit, key: last.1,
        lastID: last.0.id)
      return BookPage(books: rows.prefix(query.limit).map(\.0), next: cursor)
    }
  }

  /// Columns 0–8 are a book (see ``book(from:)``), 9 the newest progress, 10 the sort key.
  static func pageSQL(_ query: PageQuery) -> (String, [SQLiteValue?]) {
    var conditions: [String] = []
    var parameters: [SQLiteValue?] = []
    let (sortKey, order, comparison) = Self.ordering(query.sort)
    if let cursor = query.after {
      conditions.append("(\(sortKey), b.id) \(comparison) (?, ?)")
      parameters.append(
        query.sort == .updated ? .integer(Int64(cursor.key) ?? 0) : .text(cursor.key))
      parameters.append(.integer(cursor.lastID))
    }
    if let status = query.status {
      conditions.append("b.status = ?")
      parameters.append(.text(status.rawValue))
    }
    for word in SearchKey.fold(query.search ?? "").split(separator: " ") {
      conditions.append("b.search_text LIKE ? ESCAPE '\\'")
      parameters.append(.text("%" + Self.escapeLike(String(word)) + "%"))
    }
    parameters.append(.integer(Int64(query.limit + 1)))
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    let sql = """
      SELECT \(bookColumns),
        (SELECT p.progress FROM progress_entries p WHERE p.book_id = b.id
          ORDER BY p.time_ms DESC, p.rowid DESC LIMIT 1),
        \(sortKey)
      FROM books b \(filter)
      ORDER BY \(sortKey) \(order), b.id \(order)
      LIMIT ?
      """
    return (sql, parameters)
  }

  private static func ordering(_ sort: BookSort) -> (key: String, order: String, after: String) {
    switch sort {
    case .id: ("b.id", "ASC", ">")
    case .title: ("b.title_key", "ASC", ">")
    case .author: ("b.author_key", "ASC", ">")
    case .updated: ("b.updated_ms", "DESC", "<")
    }
  }

  static func escapeLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
