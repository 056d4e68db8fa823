#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes books as StoryGraph exports them, so StoryGraph (and bookclub) can import them:
/// every finished reading in `Dates Read` (`2023/05/23-2023/06/07, 2024/01/02`), quarter-star
/// ratings, read statuses, tags, a name with a comma quoted in `Authors` and `Contributors`
/// (`"James Wesley, Rawles", Jane Doe`). Only what the library knows is written: an unknown
/// date added or read count is an empty cell.
///
/// A book that came from StoryGraph keeps its own text in every column whose value has not
/// changed since the last import (its `ISBN/UID` store id, its `Format`), as
/// ``GoodreadsExport`` does.
public enum StoryGraphExport {
  public static let header = [
    "Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Date Added",
    "Last Date Read", "Dates Read", "Read Count", "Moods", "Pace",
    "Character- or Plot-Driven?", "Strong Character Development?", "Loveable Characters?",
    "Diverse Characters?", "Flawed Characters?", "Star Rating", "Review", "Content Warnings",
    "Content Warning Description", "Tags", "Owned?",
  ]

  /// The row for one book, in ``header`` order.
  public static func row(_ item: LibraryArchive.Item) -> [String] {
    ServiceRow.row(item, source: StoryGraphMapper.source, header: header, columns: columns)
  }

  private static func columns(_ fields: BookFields) -> [String] {
    let status = ReadingStatus(rawValue: fields[.status] ?? "") ?? .wantToRead
    let finished = fields.list(.readings).map(ReadingPeriod.init(text:))
      .filter { $0.end != nil && !$0.abandoned }
    let uid = [fields[.isbn13], fields[.isbn10]].compactMap { $0 }.first { !$0.isEmpty }
    var row = [String](repeating: "", count: header.count)
    row[0] = fields[.title] ?? ""
    row[1] = QuotedCommaList.text(fields.list(.authors))
    row[2] = QuotedCommaList.text(fields.list(.contributors))
    row[3] = uid ?? fields.list(.identifiers).first ?? ""
    row[4] = fields.binding(or: \.storyGraphFormat)
    row[5] = StoryGraphMapper.statuses.first { $0.value == status }?.key ?? "to-read"
    row[6] = CalendarDay(fields[.dateAdded] ?? "")?.format(separator: "/") ?? ""
    row[7] = finished.compactMap(\.end).max()?.format(separator: "/") ?? ""
    row[8] = finished.map(datesRead).joined(separator: ", ")
    row[9] = fields[.readCount] ?? ""  // only a count the library knows
    row[10] = fields.list(.moods).joined(separator: ", ")
    row[11] = fields[.pace] ?? ""
    row[17] = fields[.rating] ?? ""
    row[18] = fields[.review] ?? ""
    row[19] = ContentWarning.storyGraphCell(
      fields.list(.warnings).compactMap(ContentWarning.init(text:)))
    row[20] = fields[.warningNote] ?? ""
    row[21] = fields.list(.tags).joined(separator: ", ")
    row[22] = fields[.owned].flatMap(Int.init).map { $0 > 0 ? "Yes" : "No" } ?? ""
    return row
  }

  /// `2023/05/23-2023/06/07`, or the finish day alone when the start is unknown.
  private static func datesRead(_ reading: ReadingPeriod) -> String {
    let end = reading.end?.format(separator: "/") ?? ""
    guard let start = reading.start else { return end }
    return start.format(separator: "/") + "-" + end
  }
}
