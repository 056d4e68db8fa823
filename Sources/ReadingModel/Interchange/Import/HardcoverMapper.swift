#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads Hardcover's CSV export (the 37 columns its own custom import takes): one row a
/// book of the reader's library, named by `Hardcover Book ID`.
///
/// Quirks handled: `Author` lists narrators and translators with their role in parentheses,
/// not always after the author (`Jon Peller (Narrator), Ada Renn`); `Series` is
/// `Name (#1.0)`, several separated by commas; `Lists` carries each list's place
/// (`Winter Reads (#3)`); list cells may be written as a JSON array; dates are `YYYY-MM-DD`,
/// and several readings' dates comma-separated in `Date Started` and `Date Finished`;
/// ratings in half stars with one decimal (`4.0`).
struct HardcoverMapper: CSVRowMapper {
  static let formatName = "Hardcover"
  static let source = "hardcover"

  static let requiredColumns = ["Title", "Author", "Status", "Hardcover Book ID", "Rating"]

  static let keptColumns: Set<String> = [
    "Title", "Author", "Series", "Status", "Hardcover Book ID", "Hardcover Edition ID",
    "ISBN 10", "ISBN 13", "ASIN", "Media", "Binding", "Pages", "Duration in Seconds",
    "Publish Date", "Publisher", "Moods", "Tags", "Content Warnings", "Lists", "Date Added",
    "Date Started", "Date Finished", "Rating", "Review", "Review Contains Spoilers",
    "Private Notes", "Owned",
  ]

  /// Hardcover's statuses; `Ignored` (a book you will not read) is no reading status, and
  /// is kept as a tag.
  static let statuses: [String: ReadingStatus] = [
    "want to read": .wantToRead, "currently reading": .reading, "read": .finished,
    "did not finish": .abandoned, "stopped": .abandoned, "paused": .paused,
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
    let people = Self.people(row.value("Author"))
    if let skip = row.missingTitleOrAuthor(title: title, authors: people.authors) { return skip }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, people.authors)
    fields.setList(.contributors, people.others)
    for role in people.nameless {
      rowRemarks.append(
        "line \(row.line): the author \(ImportRun.quote(role)) is a role without a name; not kept")
    }
    fields.setList(.series, Self.list(row.value("Series")).compactMap(Self.seriesPlace))
    let isbn = ISBN(row.value("ISBN 13")) ?? ISBN(row.value("ISBN 10"))
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields.setList(.identifiers, row.has("ASIN") ? [row.text("ASIN")].filter { !$0.isEmpty } : [])
    var tags = Self.list(row.value("Tags"))
    let lists = Self.list(row.value("Lists")).map(Self.withoutPlace)
    tags += lists.filter { $0.lowercased() != "owned" && !tags.contains($0) }
    let status = row.value("Status")
    let reading = shelves.read(status, line: row.line)
    if reading == .unknown { tags.insert(status, at: 0) }
    fields[.status] = reading.status.rawValue
    fields.setList(.tags, tags)
    fields[.dateAdded] = FieldCell.dateAdded(
      row.value("Date Added"), column: "Date Added", at: "line \(row.line)",
      remarks: &rowRemarks)
    let readings = Self.readings(
      started: row.value("Date Started"), finished: row.value("Date Finished"))
    if FieldCell.readingDaysAreReadable(
      [("Date Started", row.value("Date Started")), ("Date Finished", row.value("Date Finished"))],
      separatedBy: [","], at: "line \(row.line)", remarks: &rowRemarks)
    {
      fields.setList(.readings, readings.map(\.text))
    }
    RatingCell(row.value("Rating"), read: Rating.init(storedText:))
      .apply(to: &fields, at: "line \(row.line)", remarks: &rowRemarks)
    fields[.review] = HTMLText.plain(row.value("Review"))
    fields[.spoiler] = BookFields.spoiler(cell: row.value("Review Contains Spoilers"))
    fields[.privateNotes] = HTMLText.plain(row.value("Private Notes"))
    fields[.publisher] = row.text("Publisher")
    fields[.editionYear] = Self.year(row.value("Publish Date"))
    if row.has("Pages") {
      fields[.pageCount] = FieldCell.pageCount(
        row.value("Pages"), column: "Pages", at: "line \(row.line)", remarks: &rowRemarks)
    }
    if row.has("Duration in Seconds") {
      let duration = FieldCell(
        row.value("Duration in Seconds"), none: { Int($0) == 0 },
        read: { Int($0).flatMap(AudioLength.init(seconds:))?.text })
      fields[.length] = duration.read(
        column: "Duration in Seconds", as: "length in seconds", keeping: "its length",
        at: "line \(row.line)", remarks: &rowRemarks)
    }
    let media = row.text("Media")
    fields[.binding] = row.text("Binding")
    fields[.format] =
      (Self.formats[media.lowercased()] ?? BookFormat(binding: row.text("Binding")))?.rawValue ?? ""
    fields.setList(.moods, Self.list(row.value("Moods")))
    fields.setList(.warnings, Self.list(row.value("Content Warnings")))
    if row.has("Owned") || !lists.isEmpty {
      let owned =
        row.value("Owned").lowercased() == "true" || lists.contains { $0.lowercased() == "owned" }
      fields[.owned] = owned ? "1" : (row.value("Owned").isEmpty ? "" : "0")
    }
    let id = row.text("Hardcover Book ID")
    return .book(
      ImportedBook(
        line: row.line, source: Self.source, sourceID: id.isEmpty ? nil : id, fields: fields,
        columnsJSON: row.keptColumnsJSON))
  }

  /// Hardcover's media: a printed book, an audiobook, an e-book.
  static let formats: [String: BookFormat] = [
    "book": .paper, "audio": .audiobook, "ebook": .ebook,
  ]

  /// `Mara Quill, Tobias Fenn (Translator)` → authors and, with their roles dropped, the
  /// others (narrators, translators, editors). With no name without a role, the first
  /// name is the author.
  ///
  /// - Returns: The authors, the others, and the items that are a role alone
  ///   (`(Translator)`), which name no one, for a remark.
  static func people(_ cell: String) -> (authors: [String], others: [String], nameless: [String]) {
    var authors: [String] = []
    var others: [String] = []
    var nameless: [String] = []
    for name in list(cell) {
      guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else {
        authors.append(name)
        continue
      }
      let bare = name[..<open].trimmingWhitespace()
      guard !bare.isEmpty else {
        nameless.append(name)
        continue
      }
      // Kept with its role (`Tobias Fenn (Translator)`), as contributors are; the role
      // bookclub's own export gives a contributor who has none is no role.
      others.append(name.hasSuffix(" (Contributor)") ? bare : name)
    }
    if authors.isEmpty, let first = others.first {
      others.removeFirst()
      authors.append(first.hasSuffix(")") ? withoutRole(first) : first)
    }
    return (authors, others, nameless)
  }

  /// `Jon Peller (Narrator)` → `Jon Peller`.
  static func withoutRole(_ name: String) -> String {
    guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return name }
    return name[..<open].trimmingWhitespace()
  }

  /// A list cell: comma-separated, or a JSON array of strings (some exports write one).
  static func list(_ cell: String) -> [String] {
    let text = cell.trimmingWhitespace()
    var parser = JSONParser(bytes: Array(text.utf8))
    if text.hasPrefix("["), text.hasSuffix("]"), case .array(let items)? = try? parser.value() {
      return items.compactMap { $0.string?.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
    return text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// `Winter Reads (#3)` → `Winter Reads`.
  static func withoutPlace(_ name: String) -> String {
    guard name.hasSuffix(")"), let open = name.ranges(of: " (#").last else {
      return name
    }
    return String(name[..<open.lowerBound])
  }

  /// `Orchard Cycle (#1.0)` → `Orchard Cycle #1`; a name without a place stays a name.
  static func seriesPlace(_ text: String) -> String? {
    let name = withoutPlace(text)
    guard name != text else { return SeriesPlace(text: text)?.text }
    var place = String(text.dropFirst(name.count + 3).dropLast())
    if place.hasSuffix(".0") { place.removeLast(2) }
    return SeriesPlace(text: "\(name) #\(place)")?.text ?? SeriesPlace(text: name)?.text
  }

  /// `2019-03-05` → `2019`.
  static func year(_ cell: String) -> String {
    let year = cell.trimmingWhitespace().prefix(4)
    return year.count == 4 && year.allSatisfy(\.isNumber) ? String(year) : ""
  }

  /// The readings of `Date Started` and `Date Finished`: one each, or several
  /// comma-separated, paired in order; a start with no finish is a reading going on (or,
  /// for a book Hardcover has as did not finish, the one given up).
  static func readings(started: String, finished: String) -> [ReadingPeriod] {
    // A day left empty keeps the others in their places (`,2025-02-01`).
    let starts = started.split(separator: ",", omittingEmptySubsequences: false).map {
      CalendarDay($0.trimmingWhitespace())
    }
    let ends = finished.split(separator: ",", omittingEmptySubsequences: false).map {
      CalendarDay($0.trimmingWhitespace())
    }
    var readings: [ReadingPeriod] = []
    for index in 0..<max(starts.count, ends.count) {
      let start = index < starts.count ? starts[index] : nil
      let end = index < ends.count ? ends[index] : nil
      guard start != nil || end != nil else { continue }
      readings.append(ReadingPeriod(start: start, end: end))
    }
    return readings
  }
}
