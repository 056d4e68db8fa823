/// The `book_series` rows, read on the connection of a transaction ``SQLiteLibrary``
/// opened: series with their books, by the folded name (``SeriesPlace/key``).
struct SeriesTables {
  let connection: SQLiteConnection

  /// Every series, by name, each with its books in series order.
  func all() throws -> [Series] {
    try series(where: "", [])
  }

  /// The series called `name` (case and accents ignored), or `nil`.
  func named(_ name: String) throws -> Series? {
    try series(where: "WHERE s.series_key = ?", [.text(SearchKey.fold(name))]).first
  }

  /// The series the book is in, in the order its details list them.
  func of(_ bookID: Book.ID, places: [SeriesPlace]) throws -> [Series] {
    let found = try series(
      where: "WHERE s.series_key IN (SELECT series_key FROM book_series WHERE book_id = ?)",
      [.integer(bookID)])
    let byKey = Dictionary(found.map { (SearchKey.fold($0.name), $0) }) { first, _ in first }
    return places.compactMap { byKey[$0.key] }
  }

  /// The series whose rows `condition` keeps, a series a key.
  private func series(where condition: String, _ values: [SQLiteValue?]) throws -> [Series] {
    var found: [(key: String, series: Series)] = []
    try connection.forEach(
      """
      SELECT s.series_key, s.series, s.position, \(BookTables.columns)
      FROM book_series s JOIN books b ON b.id = s.book_id \(condition)
      ORDER BY s.series_key, b.id
      """, values
    ) { row in
      let key = row.text(0)
      let member = Series.Member(
        book: BookTables.book(from: row, at: 3),
        position: row.optionalText(2).flatMap(SeriesPosition.init))
      if found.last?.key == key {
        found[found.count - 1].series.members.append(member)
      } else {
        found.append((key, Series(name: row.text(1), members: [member])))
      }
    }
    return found.map { key, series in
      var series = series
      series.members = Series.ordered(series.members)
      return series
    }
  }
}
