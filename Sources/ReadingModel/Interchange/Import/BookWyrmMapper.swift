/// Reads BookWyrm's CSV export (`bookwyrm-export.csv`): one row an edition on the reader's
/// shelves, named by its `remote_id` (the book's address on the instance).
///
/// Quirks handled: the identifier columns change between versions (read by name, never by
/// place; `finna_key`, `libris_key` and `pages` are newer); a row carries one reading, the
/// newest (`start_date`, `finish_date`, or `stopped_date` for one given up); a custom shelf
/// is `slug-<id>` with its name in `shelf_name`; ratings in half stars with two decimals
/// (`4.50`); a review's content warning in `review_cw`.
struct BookWyrmMapper: CSVRowMapper {
  static let formatName = "BookWyrm"
  static let source = "bookwyrm"

  static let requiredColumns = ["title", "author_text", "remote_id", "isbn_13", "rating"]

  /// Identifier columns kept, with the prefix each is stored under.
  static let identifierColumns: [(column: String, prefix: String)] = [
    ("openlibrary_key", "openlibrary"), ("inventaire_id", "inventaire"),
    ("librarything_key", "librarything"), ("goodreads_key", "goodreads"),
    ("wikidata", "wikidata"), ("asin", "asin"), ("aasin", "audible"), ("isfdb", "isfdb"),
    ("oclc_number", "oclc"), ("finna_key", "finna"), ("libris_key", "libris"),
    ("bnf_id", "bnf"), ("viaf", "viaf"),
  ]

  static let keptColumns: Set<String> = Set(identifierColumns.map(\.column)).union([
    "title", "author_text", "remote_id", "isbn_10", "isbn_13", "pages", "start_date",
    "finish_date", "stopped_date", "rating", "review_name", "review_cw", "review_content",
    "shelf", "shelf_name", "shelf_date",
  ])

  /// BookWyrm's own shelves, by their identifiers.
  static let statuses: [String: ReadingStatus] = [
    "to-read": .wantToRead, "reading": .reading, "read": .finished,
    "stopped-reading": .abandoned,
  ]

  private var shelves: ShelfReader

  init(shelves: ShelfMapping) {
    self.shelves = ShelfReader(mapping: shelves, standard: Self.statuses)
  }

  /// Remarks on single rows (a rating that is none), in row order.
  private var rowRemarks: [String] = []

  var remarks: [String] { rowRemarks + shelves.remarks }

  mutating func map(_ row: CSVRow) -> ImportRow {
    let title = row.text("title")
    let authors = row.value("author_text").split(separator: ",").map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty }
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, authors)
    let isbn = ISBN(row.value("isbn_13")) ?? ISBN(row.value("isbn_10"))
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields.setList(
      .identifiers,
      Self.identifierColumns.compactMap { column, prefix in
        let value = row.text(column)
        return value.isEmpty ? nil : prefix + ":" + value
      })
    if row.has("pages") {
      fields[.pageCount] = FieldCell.pageCount(
        row.value("pages"), column: "pages", at: "line \(row.line)", remarks: &rowRemarks)
    }
    // A custom shelf (`slug-12`) is known by its name; BookWyrm's own by their identifiers.
    let shelf = row.text("shelf")
    let custom = !shelf.isEmpty && Self.statuses[shelf] == nil
    let name = custom ? row.text("shelf_name") : shelf
    let reading = shelves.read(name, line: row.line)
    fields[.status] = reading.status.rawValue
    fields.setList(.tags, reading == .unknown ? [name] : [])
    fields[.dateAdded] = FieldCell.dateAdded(
      row.value("shelf_date"), column: "shelf_date", at: "line \(row.line)",
      remarks: &rowRemarks)
    if FieldCell.readingDaysAreReadable(
      ["start_date", "finish_date", "stopped_date"].map { ($0, row.value($0)) },
      at: "line \(row.line)", remarks: &rowRemarks)
    {
      fields.setList(.readings, Self.reading(of: row).map { [$0.text] } ?? [])
    }
    RatingCell(row.value("rating"), read: Rating.init(storedText:))
      .apply(to: &fields, at: "line \(row.line)", remarks: &rowRemarks)
    let review = [row.text("review_name"), HTMLText.paragraphs(row.value("review_content"))]
      .filter { !$0.isEmpty }
    fields[.review] = review.joined(separator: "\n\n")
    fields[.spoiler] = row.text("review_cw").isEmpty ? "" : BookFields.spoilerText
    let id = row.text("remote_id")
    return .book(
      ImportedBook(
        line: row.line, source: Self.source, sourceID: id.isEmpty ? nil : id, fields: fields,
        columnsJSON: row.keptColumnsJSON))
  }

  /// The row's reading: started and finished, or stopped (given up that day).
  static func reading(of row: CSVRow) -> ReadingPeriod? {
    let start = CalendarDay(row.value("start_date"))
    if let finish = CalendarDay(row.value("finish_date")) {
      return ReadingPeriod(start: start, end: finish)
    }
    if let stopped = CalendarDay(row.value("stopped_date")) {
      return ReadingPeriod(start: start, end: stopped, abandoned: true)
    }
    return start.map { ReadingPeriod(start: $0) }
  }
}
