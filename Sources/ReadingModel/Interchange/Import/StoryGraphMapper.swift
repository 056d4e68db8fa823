import Foundation

/// Reads `storygraph_export.csv`.
///
/// Quirks handled: CRLF line ends, `Dates Read` as ranges (`2023/05/23-2023/06/07`) or
/// single days, fractional star ratings, `ISBN/UID` mixing ISBN-13, ISBN-10 and store ids.
struct StoryGraphMapper: CSVRowMapper {
  static let formatName = "StoryGraph"
  static let source = "storygraph"

  static let requiredColumns = [
    "Title", "Authors", "ISBN/UID", "Read Status", "Date Added", "Dates Read", "Star Rating",
  ]

  static let keptColumns: Set<String> = [
    "Title", "Authors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read",
    "Dates Read", "Read Count", "Star Rating", "Review", "Tags",
  ]

  static let statuses: [String: ReadingStatus] = [
    "to-read": .wantToRead, "currently-reading": .reading, "read": .finished,
    "did-not-finish": .abandoned, "paused": .reading,
  ]

  private(set) var remarks: [String] = []

  mutating func map(_ row: CSVRow) -> ImportRow {
    let line = row.line
    let title = row.value("Title")
    let authors = row.list("Authors")
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }

    var tags = row.list("Tags")
    let readStatus = row.value("Read Status")
    let status = Self.statuses[readStatus] ?? .wantToRead
    if Self.statuses[readStatus] == nil, !readStatus.isEmpty {
      tags.insert(readStatus, at: 0)
      remarks.append(
        "line \(line): the read status '\(readStatus)' is unknown; kept as a tag, status want to read"
      )
    }
    var readings = Self.readings(row.value("Dates Read"))
    if readings.isEmpty, let last = CalendarDay(row.value("Last Date Read")) {
      readings = [ReadingPeriod(end: last)]
    }
    let uid = row.value("ISBN/UID")
    var details = BookDetails(
      rating: Double(row.value("Star Rating")).flatMap { $0 > 0 && $0 <= 5 ? $0 : nil },
      review: row.optional("Review").map(HTMLText.plain),
      tags: tags,
      readings: readings,
      readCount: Int(row.value("Read Count")),
      binding: row.optional("Format"))
    if !uid.isEmpty { details.sourceIDs[Self.source] = uid }
    return .book(
      ImportedBook(
        line: line, title: title, authors: authors, isbn: ISBN(uid), status: status,
        dateAdded: CalendarDay(row.value("Date Added")).map(GoodreadsMapper.date), details: details)
    )
  }

  /// `2023/05/23-2023/06/07, 2024/01/02` → readings; a single day is when it was finished.
  static func readings(_ text: String) -> [ReadingPeriod] {
    text.split(separator: ",").compactMap { part in
      let days = part.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
      switch days.count {
      case 1: return CalendarDay(days[0]).map { ReadingPeriod(end: $0) }
      case 2: return ReadingPeriod(start: CalendarDay(days[0]), end: CalendarDay(days[1]))
      default: return nil
      }
    }
  }
}
