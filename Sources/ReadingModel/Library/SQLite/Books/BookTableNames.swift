/// The tables a new book is written to: the library's own, or an import's staging tables,
/// which reach the library's in one statement each (``BookStaging``).
struct BookTableNames: Sendable {
  let books: String
  let details: String
  let tags: String
  let sources: String
  let readings: String
  let series: String
  let moods: String

  /// The library's tables.
  static let library = BookTableNames(
    books: "books", details: "book_details", tags: "book_tags", sources: "book_sources",
    readings: "book_readings", series: "book_series", moods: "book_moods")

  /// An import's staging tables: the library's columns, no index, no constraint.
  static let staging = BookTableNames(
    books: "temp.staged_books", details: "temp.staged_details", tags: "temp.staged_tags",
    sources: "temp.staged_sources", readings: "temp.staged_readings",
    series: "temp.staged_series", moods: "temp.staged_moods")

  /// Pairs of (library table, staging table), parents before children.
  static let staged: [(library: String, staging: String)] = [
    (library.books, staging.books), (library.details, staging.details),
    (library.tags, staging.tags), (library.sources, staging.sources),
    (library.readings, staging.readings), (library.series, staging.series),
    (library.moods, staging.moods),
  ]
}
