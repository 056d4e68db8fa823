/// Writes books as BookWyrm exports them (`bookwyrm-export.csv`, 30 columns), so BookWyrm's
/// import, and bookclub's, can read them: a book's newest reading, its shelf (a paused book
/// on a shelf named `Paused`, which bookclub reads back as paused), half-star ratings with
/// two decimals, identifiers back in their columns. A book that came from BookWyrm keeps its
/// own text in every column whose value has not changed since (its review's title).
public enum BookWyrmExport {
  public static let header = [
    "title", "author_text", "remote_id", "openlibrary_key", "finna_key", "libris_key",
    "inventaire_id", "librarything_key", "goodreads_key", "bnf_id", "viaf", "wikidata", "asin",
    "aasin", "isfdb", "isbn_10", "isbn_13", "oclc_number", "pages", "start_date", "finish_date",
    "stopped_date", "rating", "review_name", "review_cw", "review_content", "review_published",
    "shelf", "shelf_name", "shelf_date",
  ]

  /// Where each column of ``header`` is.
  private static let namedColumns = NamedRow.Columns(header)

  /// The column an identifier goes in (`openlibrary:OL1M` → `openlibrary_key`), and its
  /// prefix; `nil` for one BookWyrm has no column for.
  static func column(of identifier: String) -> (column: String, prefix: String)? {
    BookWyrmMapper.identifierColumns.first { identifier.hasPrefix($0.prefix + ":") }
  }

  /// The row for one book, in ``header`` order.
  public static func row(_ item: LibraryArchive.Item) -> [String] {
    let id = item.details.sourceIDs[BookWyrmMapper.source] ?? ""
    return ServiceRow.row(
      item, source: BookWyrmMapper.source, header: header,
      together: [["review_name", "review_cw", "review_content", "review_published"]]
    ) { columns($0, id: id) }
  }

  private static func columns(_ fields: BookFields, id: String) -> [String] {
    var row = NamedRow(namedColumns)
    func set(_ column: String, _ value: String) { row[column] = value }
    set("title", fields[.title] ?? "")
    set("author_text", fields.list(.authors).map(withoutCommas).joined(separator: ", "))
    set("remote_id", id)
    for identifier in fields.list(.identifiers) {
      // One a column: a second of a kind is counted by the loss report.
      guard let (column, prefix) = column(of: identifier),
        row[column].isEmpty
      else { continue }
      set(column, String(identifier.dropFirst(prefix.count + 1)))
    }
    set("isbn_10", fields[.isbn10] ?? "")
    set("isbn_13", fields[.isbn13] ?? "")
    set("pages", fields[.pageCount] ?? "")
    if let reading = newest(fields.list(.readings).map(ReadingPeriod.init(text:))) {
      set("start_date", reading.start?.description ?? "")
      set(reading.abandoned ? "stopped_date" : "finish_date", reading.end?.description ?? "")
    }
    if let rating = Rating(storedText: fields[.rating] ?? "") {
      let halves = Int((rating.value * 2).rounded())
      set("rating", "\(halves / 2).\(halves % 2 == 1 ? "50" : "00")")
    }
    let spoiler = fields[.spoiler] == BookFields.spoilerText
    set("review_cw", spoiler ? "Spoilers" : "")
    // BookWyrm's reviews are HTML: the text's own `<`, `>` and `&` are written as entities.
    set("review_content", escaped(fields[.review] ?? ""))
    let status = ReadingStatus(rawValue: fields[.status] ?? "") ?? .wantToRead
    let (shelf, name) = shelves[status] ?? ("to-read", "To Read")
    set("shelf", shelf)
    set("shelf_name", name)
    set("shelf_date", fields[.dateAdded] ?? "")
    return row.cells
  }

  /// Text as HTML text: `&`, `<` and `>` as entities.
  ///
  /// Byte by byte: the three are ASCII, never part of another character's bytes, and an
  /// HTML reader sees each of them even where a combining mark follows (as one `Character`,
  /// `&` and an accent are not `&`, and were left bare).
  static func escaped(_ text: String) -> String {
    let special = { (byte: UInt8) in
      byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
    }
    guard text.utf8.contains(where: special) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The newest reading: the one that ended, or else began, last.
  static func newest(_ readings: [ReadingPeriod]) -> ReadingPeriod? {
    readings.enumerated().max { lhs, rhs in
      let (left, right) = (
        lhs.element.end ?? lhs.element.start, rhs.element.end ?? rhs.element.start
      )
      return (left ?? .init(year: 1, month: 1, day: 1)!, lhs.offset)
        < (right ?? .init(year: 1, month: 1, day: 1)!, rhs.offset)
    }?.element
  }

  /// BookWyrm's shelves by status; it has none for paused, so a shelf of that name.
  static let shelves: [ReadingStatus: (String, String)] = [
    .wantToRead: ("to-read", "To Read"), .reading: ("reading", "Currently Reading"),
    .finished: ("read", "Read"), .abandoned: ("stopped-reading", "Stopped Reading"),
    .paused: ("paused", "Paused"),
  ]
}
