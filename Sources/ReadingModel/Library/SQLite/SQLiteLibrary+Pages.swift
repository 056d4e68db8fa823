#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteLibrary {
  public func page(_ query: PageQuery) throws -> BookPage {
    if let cursor = query.after, cursor.sort != query.sort {
      throw LibraryError.cursorSortMismatch(cursor: cursor.sort, query: query.sort)
    }
    let empty = BookPage(books: [], next: nil, total: query.countsTotal ? 0 : nil)
    return try reading(orIfMissing: empty) { connection in
      let words = try Self.searchWords(query.search, on: connection)
      let (sql, parameters) = Self.pageSQL(query, words: words)
      // One row more than asked for tells whether another page follows, without counting.
      let rows = try connection.all(sql, parameters) { row in
        (Self.listedBook(from: row), row.text(10))
      }
      // Counted in the same read transaction: the total and the page agree.
      let total = try query.countsTotal ? count(query, words: words, on: connection) : nil
      guard rows.count > query.limit, let last = rows.prefix(query.limit).last else {
        return BookPage(books: rows.map(\.0), next: nil, total: total)
      }
      let cursor = PageCursor(
        sort: query.sort, position: query.firstPosition - 1 + query.limit, key: last.1,
        lastID: last.0.id)
      return BookPage(books: rows.prefix(query.limit).map(\.0), next: cursor, total: total)
    }
  }

  /// How many books match the query's filters.
  private func count(_ query: PageQuery, words: [SearchWord], on connection: SQLiteConnection)
    throws -> Int
  {
    // One rare word and nothing else: the index has counted its books already.
    if query.filtersOnlyBySearch, words.count == 1, words[0].tags.isEmpty,
      let held = words[0].held
    {
      return held
    }
    let (sql, parameters) = Self.countSQL(query, words: words)
    return Int(try connection.integer(sql, parameters) ?? 0)
  }

  /// The count of the books a query's filters let through.
  static func countSQL(_ query: PageQuery, words: [SearchWord]) -> (String, [SQLiteValue?]) {
    if query.filtersOnlyByStatus {
      // Kept by triggers: no scan, at any size.
      return (
        "SELECT coalesce(sum(books), 0) FROM book_counts WHERE ?1 IS NULL OR status = ?1",
        [query.status.map { .text($0.rawValue) }]
      )
    }
    if query.status == nil, query.filtersOnlyByStatusAndTags {
      // Read off the tags' primary key alone: a book row is never touched.
      let tagged = Array(
        repeating: "SELECT book_id FROM book_tags WHERE tag_key = ?", count: query.tags.count)
      return (
        "SELECT count(*) FROM (\(tagged.joined(separator: " INTERSECT ")))",
        query.tags.map { .text(SearchKey.fold($0)) }
      )
    }
    let (conditions, parameters) = Self.filters(query, words: words)
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    return ("SELECT count(*) FROM books b \(filter)", parameters)
  }

  /// A row of ``pageSQL(_:words:)``: the book, its position, rating and last finish.
  private static func listedBook(from row: SQLiteRow) -> ListedBook {
    let (stars, day) = (row.double(11), row.text(12))
    return ListedBook(
      book: book(from: row), progress: row.optionalFraction(9),
      rating: stars > 0 ? stars : nil, finishedDay: day.isEmpty ? nil : day)
  }

  /// Columns 0–8 are a book (see ``book(from:)``), 9 the newest position, 10 the sort key,
  /// 11 the rating (0 for none), 12 the last finish day (empty for none).
  static func pageSQL(_ query: PageQuery, words: [SearchWord]) -> (String, [SQLiteValue?]) {
    let (key, sortOrder, sortComparison) = Self.ordering(query.sort)
    let (order, comparison) =
      !query.reversed
      ? (sortOrder, sortComparison) : sortOrder == "ASC" ? ("DESC", "<") : ("ASC", ">")
    var (conditions, parameters) = Self.filters(query, words: words)
    if let cursor = query.after {
      conditions.insert("(\(key), b.id) \(comparison) (?, ?)", at: 0)
      parameters.insert(contentsOf: [Self.keyValue(cursor), .integer(cursor.lastID)], at: 0)
    }
    parameters.append(.integer(Int64(query.limit + 1)))
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    // In id order a range filter would be met by reading the table in order until a page is
    // full, which reads all of it when few books match: `+` makes the filter's index lead.
    let rangeFilter =
      query.ratingAtLeast != nil || query.finishedIn != nil || query.addedSince != nil
    let orderKey = query.sort == .id && rangeFilter ? "+\(key)" : key
    let sql = """
      SELECT \(bookColumns),
        (SELECT p.progress FROM progress_entries p WHERE p.book_id = b.id AND p.kind = 'progress'
          ORDER BY p.time_ms DESC, p.rowid DESC LIMIT 1),
        \(key), b.rating, b.finished_day
      FROM books b \(filter)
      ORDER BY \(orderKey) \(order), b.id \(order)
      LIMIT ?
      """
    return (sql, parameters)
  }

  /// The conditions every filter of the query adds, and their parameters.
  private static func filters(_ query: PageQuery, words: [SearchWord]) -> (
    [String], [SQLiteValue?]
  ) {
    var conditions: [String] = []
    var parameters: [SQLiteValue?] = []
    if let status = query.status {
      conditions.append("b.status = ?")
      parameters.append(.text(status.rawValue))
    }
    for word in words {
      let (condition, values) = word.condition
      conditions.append(condition)
      parameters += values
    }
    for tag in query.tags {
      conditions.append("b.id IN (SELECT book_id FROM book_tags WHERE tag_key = ?)")
      parameters.append(.text(SearchKey.fold(tag)))
    }
    if let rating = query.ratingAtLeast {
      conditions.append("b.rating >= ?")
      parameters.append(.real(max(rating, 0.01)))
    }
    if let year = query.finishedIn {
      conditions.append("b.finished_day BETWEEN ? AND ?")
      parameters += [
        .text(Self.fourDigits(year) + "-01-01"), .text(Self.fourDigits(year) + "-12-31"),
      ]
    }
    if let since = query.addedSince {
      conditions.append("b.added_ms >= ?")
      parameters.append(.integer(since.milliseconds))
    }
    return (conditions, parameters)
  }

  /// `year` as `finished_day` starts: four digits, zero-padded.
  private static func fourDigits(_ year: Int) -> String {
    let digits = String(year)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The cursor's key as the sort's column holds it.
  private static func keyValue(_ cursor: PageCursor) -> SQLiteValue {
    switch cursor.sort {
    case .updated, .added: .integer(Int64(cursor.key) ?? 0)
    case .rating: .real(Double(cursor.key) ?? 0)
    case .id: .integer(Int64(cursor.key) ?? cursor.lastID)
    case .title, .author, .finished: .text(cursor.key)
    }
  }

  private static func ordering(_ sort: BookSort) -> (key: String, order: String, after: String) {
    switch sort {
    case .id: ("b.id", "ASC", ">")
    case .title: ("b.title_key", "ASC", ">")
    case .author: ("b.author_sort", "ASC", ">")
    case .updated: ("b.updated_ms", "DESC", "<")
    case .rating: ("b.rating", "DESC", "<")
    case .finished: ("b.finished_day", "DESC", "<")
    case .added: ("b.added_ms", "DESC", "<")
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
