/// What a shell offers while a book or entry is being typed (`bookclub __complete`), on the
/// connection of a transaction ``SQLiteLibrary`` opened: a few rows found through an index,
/// so the answer is instant at any library size.
struct CompletionTables {
  let connection: SQLiteConnection

  /// Up to `limit` books for `prefix` (trimmed): ids starting with its digits, titles
  /// starting with its words, or the latest updated when it is empty.
  func books(startingWith prefix: String, limit: Int) throws -> [Book] {
    if prefix.isEmpty {
      return try connection.all(
        "SELECT \(BookTables.columns) FROM books b ORDER BY b.updated_ms DESC, b.id DESC LIMIT ?",
        [.integer(Int64(limit))], BookTables.book(from:))
    }
    if let ranges = Self.idRanges(startingWith: prefix) {
      let condition = ranges.map { _ in "b.id BETWEEN ? AND ?" }.joined(separator: " OR ")
      return try connection.all(
        "SELECT \(BookTables.columns) FROM books b WHERE \(condition) ORDER BY b.id LIMIT ?",
        ranges.flatMap { [.integer($0.lowerBound), .integer($0.upperBound)] }
          + [.integer(Int64(limit))], BookTables.book(from:))
    }
    // Titles starting with the prefix sort between it and it followed by the highest
    // character: the title index answers.
    return try connection.all(
      """
      SELECT \(BookTables.columns) FROM books b
      WHERE b.title_key >= ?1 AND b.title_key < ?1 || char(1114111)
      ORDER BY b.title_key, b.id LIMIT ?2
      """, [.text(SearchKey.fold(prefix)), .integer(Int64(limit))], BookTables.book(from:))
  }

  /// The ids whose decimal form starts with `digits`: `12` is 12, 120–129, 1200–1299, ...
  /// up to the largest id there can be; `nil` when `digits` is not a number.
  static func idRanges(startingWith digits: String) -> [ClosedRange<Int64>]? {
    guard digits.count <= 18, digits.allSatisfy(\.isASCII), let first = Int64(digits),
      first > 0, !digits.hasPrefix("+")
    else { return nil }
    var ranges: [ClosedRange<Int64>] = []
    var (low, width): (Int64, Int64) = (first, 1)
    while ranges.count < 19 - digits.count {
      ranges.append(low...(low + width - 1))
      let (nextLow, overflow) = low.multipliedReportingOverflow(by: 10)
      guard !overflow else { break }
      (low, width) = (nextLow, width * 10)
    }
    return ranges
  }

  /// Up to `limit` entries whose id starts with `prefix` (upper case), newest first.
  func entries(startingWith prefix: String, limit: Int) throws -> [LocatedEntry] {
    try connection.all(
      """
      SELECT book_id, id, progress, time_ms, note, kind FROM progress_entries
      WHERE id >= ?1 AND id < ?1 || 'Z'
      ORDER BY time_ms DESC LIMIT ?2
      """, [.text(prefix), .integer(Int64(limit))]
    ) { row in LocatedEntry(bookID: row.int64(0), entry: ProgressTables.entry(from: row, at: 1)) }
  }
}
