#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `storygraph_export.csv`.
///
/// Quirks handled: CRLF line ends, a name with a comma quoted in `Authors` and
/// `Contributors` (`"James Wesley, Rawles", Jane Doe`), `Dates Read` as ranges
/// (`2023/05/23-2023/06/07`) or single days, fractional star ratings, `ISBN/UID` mixing
/// ISBN-13, ISBN-10 (sometimes with its leading zero lost to a spreadsheet) and store ids
/// such as ASINs.
struct StoryGraphMapper: CSVRowMapper {
  static let formatName = "StoryGraph"
  static let source = "storygraph"

  static let requiredColumns = [
    "Title", "Authors", "ISBN/UID", "Read Status", "Date Added", "Dates Read", "Star Rating",
  ]

  static let keptColumns: Set<String> = [
    "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added",
    "Last Date Read", "Dates Read", "Read Count", "Star Rating", "Review", "Tags", "Moods",
    "Pace", "Content Warnings", "Content Warning Description", "Owned?",
  ]

  static let statuses: [String: ReadingStatus] = [
    "to-read": .wantToRead, "currently-reading": .reading, "read": .finished,
    "did-not-finish": .abandoned, "paused": .paused,
  ]

  private var shelves: ShelfReader

  init(shelves: ShelfMapping) {
    self.shelves = ShelfReader(mapping: shelves, standard: Self.statuses)
  }

  /// Remarks on single rows (a rating that is none), in row order.
  private var rowRemarks: [String] = []

  var remarks: [String] { rowRemarks + shelves.remarks }

  mutating func map(_ row: CSVRow) -> ImportRow {
    let title = row.text("Title")
    let authors = row.quotedList("Authors")
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, authors)
    if row.has("Contributors") { fields.setList(.contributors, row.quotedList("Contributors")) }
    let uid = row.value("ISBN/UID")
    let isbn = ISBN(restoringLeadingZero: uid)
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields.setList(.identifiers, isbn == nil && !uid.isEmpty ? [uid] : [])
    var tags = row.has("Tags") ? row.list("Tags") : []
    let readStatus = row.value("Read Status")
    let reading = shelves.read(readStatus, line: row.line)
    if reading == .unknown { tags.insert(readStatus, at: 0) }
    fields[.status] = reading.status.rawValue
    if row.has("Tags") || reading == .unknown { fields.setList(.tags, tags) }
    fields[.dateAdded] = FieldCell.dateAdded(
      row.value("Date Added"), column: "Date Added", at: "line \(row.line)",
      remarks: &rowRemarks)
    var readings = Self.readings(row.value("Dates Read"))
    if readings.isEmpty, let last = CalendarDay(row.value("Last Date Read")) {
      readings = [ReadingPeriod(end: last)]
    }
    // The last date read counts only where the dates read say nothing.
    let dateCells =
      row.value("Dates Read").isEmpty
      ? [("Last Date Read", row.value("Last Date Read"))]
      : [("Dates Read", row.value("Dates Read"))]
    if FieldCell.readingDaysAreReadable(
      dateCells, separatedBy: [",", "-"], at: "line \(row.line)", remarks: &rowRemarks)
    {
      fields.setList(.readings, readings.map(\.text))
    }
    if row.has("Read Count") {
      fields[.readCount] = Int(row.value("Read Count")).map(String.init) ?? ""
    }
    RatingCell(row.value("Star Rating"), read: Rating.init(storedText:))
      .apply(to: &fields, at: "line \(row.line)", remarks: &rowRemarks)
    if row.has("Review") { fields[.review] = HTMLText.plain(row.value("Review")) }
    if row.has("Format") {
      fields[.binding] = row.text("Format")
      fields[.format] = BookFormat(binding: row.text("Format"))?.rawValue ?? ""
    }
    if row.has("Moods") { fields.setList(.moods, row.list("Moods")) }
    if row.has("Pace") { fields[.pace] = row.text("Pace") }
    if row.has("Content Warnings") {
      fields.setList(
        .warnings, ContentWarning.storyGraph(cell: row.value("Content Warnings")).map(\.text))
    }
    if row.has("Content Warning Description") {
      fields[.warningNote] = HTMLText.plain(row.value("Content Warning Description"))
    }
    if row.has("Owned?") { fields[.owned] = Self.owned(row.value("Owned?")) }
    return .book(
      ImportedBook(
        line: row.line, source: Self.source, sourceID: uid.isEmpty ? nil : uid, fields: fields,
        columnsJSON: row.keptColumnsJSON))
  }

  /// `Yes` → `1` (a copy), `No` → `0`; anything else says nothing.
  static func owned(_ cell: String) -> String {
    switch cell.trimmingWhitespace().lowercased() {
    case "yes", "true": "1"
    case "no", "false": "0"
    default: ""
    }
  }

  /// `2023/05/23-2023/06/07, 2024/01/02` → readings; a single day is when it was finished.
  static func readings(_ text: String) -> [ReadingPeriod] {
    text.split(separator: ",").compactMap { part in
      let days = part.split(separator: "-").map { $0.trimmingWhitespace() }
      switch days.count {
      case 1: return CalendarDay(days[0]).map { ReadingPeriod(end: $0) }
      case 2: return ReadingPeriod(start: CalendarDay(days[0]), end: CalendarDay(days[1]))
      default: return nil
      }
    }
  }
}
