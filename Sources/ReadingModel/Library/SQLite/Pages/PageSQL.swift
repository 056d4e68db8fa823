/// The statements of a page of books and of its count, made from the query and its search
/// words: keyset paging in the order's index, every filter one condition.
enum PageSQL {
  /// The count of the books a query's filters let through.
  static func count(_ query: PageQuery, words: [SearchWord]) -> (String, [SQLiteValue?]) {
    if query.filtersOnlyByStatus {
      // Kept by triggers: no scan, at any size.
      return (
        "SELECT coalesce(sum(books), 0) FROM book_counts WHERE ?1 IS NULL OR status = ?1",
        [query.status.map { .text($0.rawValue) }]
      )
    }
    if query.status == nil, query.filtersOnlyByStatusAndSets {
      // Read off the sets' own keys alone (the tags' and moods' primary keys, the pace's
      // and the format's index): a book row is never touched.
      let sets =
        query.tags.map { ("SELECT book_id FROM book_tags WHERE tag_key = ?", SearchKey.fold($0)) }
        + query.moods.map {
          ("SELECT book_id FROM book_moods WHERE mood_key = ?", SearchKey.fold($0))
        }
        + (query.pace.map { [("SELECT book_id FROM book_details WHERE pace = ?", $0)] } ?? [])
        + (query.format.map { [("SELECT id FROM books WHERE format = ?", $0.rawValue)] } ?? [])
      let queue = query.queued ? ["SELECT book_id FROM book_details WHERE up_next IS NOT NULL"] : []
      return (
        "SELECT count(*) FROM (\((sets.map(\.0) + queue).joined(separator: " INTERSECT ")))",
        sets.map { .text($0.1) }
      )
    }
    let (conditions, parameters) = Self.filters(query, words: words)
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    return ("SELECT count(*) FROM books b \(filter)", parameters)
  }

  /// The first ``BookTables/columnCount`` columns are a book (see ``BookTables/book(from:)``),
  /// then the newest position, the sort key, the rating (0 for none) and the last finish day
  /// (empty for none).
  static func page(_ query: PageQuery, words: [SearchWord]) -> (String, [SQLiteValue?]) {
    // A series' order with no series named is no order, nor the queue's outside the queue:
    // the books go by id.
    let sort =
      (query.sort.needsSeries && query.series == nil) || (query.sort.needsQueue && !query.queued)
      ? .id : query.sort
    let (key, sortOrder, sortComparison) = Self.ordering(sort)
    let (order, comparison) =
      !query.reversed
      ? (sortOrder, sortComparison) : sortOrder == "ASC" ? ("DESC", "<") : ("ASC", ">")
    var (conditions, parameters) = Self.filters(query, words: words, seriesJoined: true)
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
    let orderKey = sort == .id && rangeFilter ? "+\(key)" : key
    let sql = """
      SELECT \(BookTables.columns),
        (SELECT p.progress FROM progress_entries p WHERE p.book_id = b.id AND p.kind = 'progress'
          ORDER BY p.time_ms DESC, p.rowid DESC LIMIT 1),
        \(key), b.rating, b.finished_day
      FROM \(Self.joined(query)) \(filter)
      ORDER BY \(orderKey) \(order), b.id \(order)
      LIMIT ?
      """
    return (sql, parameters)
  }

  /// The books, joined to the rows the query's order may be read off: a series' places
  /// (`s`), the queue's (`q`). The queue, a few books of any library, leads (its partial
  /// index): in another order than its own its books are sorted, never the library read.
  private static func joined(_ query: PageQuery) -> String {
    guard query.series != nil else {
      return query.queued ? "book_details q CROSS JOIN books b ON b.id = q.book_id" : "books b"
    }
    let books = "book_series s JOIN books b ON b.id = s.book_id"
    return query.queued ? books + " JOIN book_details q ON q.book_id = b.id" : books
  }

  /// The conditions every filter of the query adds, and their parameters.
  ///
  /// - Parameter seriesJoined: The statement reads the series' rows as `s`, joined to the
  ///   books (a page: its order may be the series'); else a series is a condition (a count).
  private static func filters(
    _ query: PageQuery, words: [SearchWord], seriesJoined: Bool = false
  ) -> ([String], [SQLiteValue?]) {
    var conditions: [String] = []
    var parameters: [SQLiteValue?] = []
    if let series = query.series {
      conditions.append(
        seriesJoined
          ? "s.series_key = ?" : "b.id IN (SELECT book_id FROM book_series WHERE series_key = ?)")
      parameters.append(.text(SearchKey.fold(series)))
    }
    if query.queued {
      conditions.append(
        seriesJoined
          ? "q.up_next IS NOT NULL"
          : "b.id IN (SELECT book_id FROM book_details WHERE up_next IS NOT NULL)")
    }
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
    for mood in query.moods {
      conditions.append("b.id IN (SELECT book_id FROM book_moods WHERE mood_key = ?)")
      parameters.append(.text(SearchKey.fold(mood)))
    }
    if let pace = query.pace {
      conditions.append("b.id IN (SELECT book_id FROM book_details WHERE pace = ?)")
      parameters.append(.text(pace))
    }
    if let format = query.format {
      conditions.append("b.format = ?")
      parameters.append(.text(format.rawValue))
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
    case .rating, .series: .real(Double(cursor.key) ?? 0)
    case .id: .integer(Int64(cursor.key) ?? cursor.lastID)
    case .title, .author, .finished, .upNext: .text(cursor.key)
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
    // Books without a place after every place a series can have.
    case .series: ("coalesce(s.position_order, 1e9)", "ASC", ">")
    case .upNext: ("q.up_next", "ASC", ">")
    }
  }
}
