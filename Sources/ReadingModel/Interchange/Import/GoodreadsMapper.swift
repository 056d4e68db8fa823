import Foundation

/// Reads `goodreads_library_export.csv`, in any of its header variants, by column name.
///
/// Quirks handled: ISBNs written as formulas (`="0141026162"`, `=""`), `yyyy/MM/dd` dates,
/// an empty Date Read for read books (no finish date is invented), rating 0 for unrated,
/// custom exclusive shelves, `<br/>` and entities in reviews, negative or short years.
struct GoodreadsMapper: CSVRowMapper {
  static let formatName = "Goodreads"
  static let source = "goodreads"

  static let requiredColumns = [
    "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Number of Pages", "Date Read", "Date Added", "Bookshelves", "Exclusive Shelf",
  ]

  static let keptColumns: Set<String> = [
    "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
    "Date Read", "Date Added", "Bookshelves", "Exclusive Shelf", "My Review", "Private Notes",
    "Read Count",
    // Derived from columns that are kept:
    "Author l-f", "Bookshelves with positions",
  ]

  /// The exclusive shelves Goodreads defines, and the status each means.
  static let statuses: [String: ReadingStatus] = [
    "to-read": .wantToRead, "currently-reading": .reading, "read": .finished,
    "did-not-finish": .abandoned,
  ]

  private(set) var remarks: [String] = []

  mutating func map(_ row: CSVRow) -> ImportRow {
    let line = row.line
    let title = row.value("Title")
    let authors =
      [row.value("Author")].filter { !$0.isEmpty }
      + row.list("Additional Authors")
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }

    let shelf = row.value("Exclusive Shelf")
    var tags = row.list("Bookshelves").filter { Self.statuses[$0] == nil }
    var status = Self.statuses[shelf] ?? .wantToRead
    if Self.statuses[shelf] == nil, !shelf.isEmpty {
      if !tags.contains(shelf) { tags.insert(shelf, at: 0) }
      status = .wantToRead
      remarks.append(
        "line \(line): the shelf '\(shelf)' is not a reading status; kept as a tag, status want to read"
      )
    }
    var details = BookDetails(
      rating: Int(row.value("My Rating")).flatMap { (1...5).contains($0) ? Double($0) : nil },
      review: row.optional("My Review").map(HTMLText.plain),
      tags: tags,
      readings: CalendarDay(row.value("Date Read")).map { [ReadingPeriod(end: $0)] } ?? [],
      readCount: Int(row.value("Read Count")),
      publisher: row.optional("Publisher"),
      publicationYear: Int(row.value("Original Publication Year"))
        ?? Int(row.value("Year Published")),
      binding: row.optional("Binding"),
      privateNotes: row.optional("Private Notes").map(HTMLText.plain))
    if let id = row.optional("Book Id") { details.sourceIDs[Self.source] = id }
    return .book(
      ImportedBook(
        line: line, title: title, authors: authors, isbn: isbn(row),
        pageCount: Int(row.value("Number of Pages")).flatMap { $0 > 0 ? $0 : nil }, status: status,
        dateAdded: CalendarDay(row.value("Date Added")).map(Self.date), details: details))
  }

  /// The ISBN-13, else the ISBN-10, with Goodreads' formula quoting removed.
  private mutating func isbn(_ row: CSVRow) -> ISBN? {
    for column in ["ISBN13", "ISBN"] {
      let text = Self.unformula(row.value(column))
      guard !text.isEmpty else { continue }
      if let isbn = ISBN(text) { return isbn }
      remarks.append("line \(row.line): the \(column) '\(text)' is not a valid ISBN; left out")
    }
    return nil
  }

  /// `="0141026162"` → `0141026162`; `=""` → empty.
  static func unformula(_ text: String) -> String {
    var text = Substring(text)
    if text.hasPrefix("=") { text = text.dropFirst() }
    if text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 {
      text = text.dropFirst().dropLast()
    }
    return String(text)
  }

  /// A day as the instant it starts in UTC: exports give days, the library keeps instants.
  static func date(_ day: CalendarDay) -> Date {
    Date(milliseconds: Int64(day.daysSinceEpoch) * 86_400_000)
  }
}
