/// Reads Openreads' CSV export: the backup's fields as columns (no id, so its books are
/// found by ISBN, or title and author), statuses as words, ratings in stars, `true` and
/// `false` for favourites and the trash. Each row is read as its backup's book would be.
struct OpenreadsCSVMapper: CSVRowMapper {
  static let formatName = "Openreads"
  /// A source of its own: its rows have no ids, and a backup's books have theirs.
  static let source = "openreads-csv"

  static let requiredColumns = ["title", "author", "status", "rating", "readings", "book_format"]

  static let keptColumns: Set<String> = [
    "title", "subtitle", "author", "status", "favourite", "deleted", "rating", "pages",
    "publication_year", "isbn", "olid", "tags", "my_review", "notes", "book_format", "readings",
    "date_added",
  ]

  /// The CSV's status words as the backup's numbers.
  static let statuses: [String: Int64] = [
    "finished": 0, "in_progress": 1, "planned": 2, "abandoned": 3,
  ]

  init(shelves: ShelfMapping) {}

  /// Remarks on single rows (a rating that is none), in row order.
  private(set) var remarks: [String] = []

  mutating func map(_ row: CSVRow) -> ImportRow {
    func number(_ column: String) -> JSONValue {
      Int64(row.text(column)).map(JSONValue.integer) ?? .null
    }
    var book: [String: JSONValue] = [:]
    for column in ["title", "subtitle", "author", "isbn", "olid", "tags", "my_review", "notes"] {
      book[column] = .string(row.value(column))
    }
    book["book_type"] = .string(row.text("book_format"))
    book["readings"] = .string(row.value("readings"))
    book["date_added"] = .string(row.text("date_added"))
    let status = row.text("status")
    book["status"] =
      status.isEmpty ? .null : Self.statuses[status].map(JSONValue.integer) ?? .string(status)
    book["favourite"] = .integer(row.text("favourite") == "true" ? 1 : 0)
    book["deleted"] = .integer(row.text("deleted") == "true" ? 1 : 0)
    // Stars as tenths; a number that is no rating (nan, 1e300) is none.
    book["rating"] =
      Double(row.text("rating")).flatMap { $0.isFinite ? Int64(exactly: ($0 * 10).rounded()) : nil }
      .map(JSONValue.integer) ?? .null
    book["pages"] = number("pages")
    book["publication_year"] = number("publication_year")
    return OpenreadsBook.row(
      book, line: row.line, source: Self.source, place: "line \(row.line)", remarks: &remarks)
  }
}
