#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads `goodreads_library_export.csv`, in any of its header variants, by column name.
///
/// Quirks handled: ISBNs written as formulas (`="0141026162"`, `=""`), a barcode that is not
/// an ISBN in the ISBN13 column, `yyyy/MM/dd` dates, an empty Date Read for read books (no
/// finish date is invented), rating 0 for unrated, custom exclusive shelves, `<br/>` and
/// entities in every text column, negative or short years.
struct GoodreadsMapper: CSVRowMapper {
  static let formatName = "Goodreads"
  static let source = "goodreads"

  static let requiredColumns = [
    "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Number of Pages", "Date Read", "Date Added", "Bookshelves", "Exclusive Shelf",
  ]

  /// Every column bookclub reads or writes back; the others are reported as not kept.
  static let keptColumns: Set<String> = [
    "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13",
    "My Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
    "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
    "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes",
    "Read Count", "Owned Copies",
  ]

  /// The exclusive shelves Goodreads defines, and the status each means.
  static let statuses: [String: ReadingStatus] = [
    "to-read": .wantToRead, "currently-reading": .reading, "read": .finished,
    "did-not-finish": .abandoned,
  ]

  private var shelves: ShelfReader
  private var rowRemarks: [String] = []

  init(shelves: ShelfMapping) {
    self.shelves = ShelfReader(mapping: shelves, standard: Self.statuses)
  }

  var remarks: [String] { rowRemarks + shelves.remarks }

  mutating func map(_ row: CSVRow) -> ImportRow {
    let title = row.text("Title")
    let authors = ([row.text("Author")] + row.list("Additional Authors")).filter { !$0.isEmpty }
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, authors)
    if row.has("Author l-f") { fields[.authorSort] = row.text("Author l-f") }
    readIdentifiers(row, into: &fields)
    readShelves(row, into: &fields)
    let number = { (column: String) in Int(row.value(column)).map(String.init) ?? "" }
    if row.has("Number of Pages") {
      fields[.pageCount] =
        Int(row.value("Number of Pages")).flatMap { $0 > 0 ? String($0) : nil }
        ?? ""
    }
    if row.has("Date Added") {
      fields[.dateAdded] = CalendarDay(row.value("Date Added"))?.description ?? ""
    }
    if row.has("My Rating") {
      fields[.rating] =
        Int(row.value("My Rating")).flatMap { (1...5).contains($0) ? String($0) : nil } ?? ""
    }
    if row.has("Date Read") {
      fields.setList(
        .readings, CalendarDay(row.value("Date Read")).map { [ReadingPeriod(end: $0).text] } ?? [])
    }
    if row.has("Read Count") { fields[.readCount] = number("Read Count") }
    if row.has("Publisher") { fields[.publisher] = row.text("Publisher") }
    if row.has("Year Published") { fields[.editionYear] = number("Year Published") }
    if row.has("Original Publication Year") {
      fields[.originalYear] = number("Original Publication Year")
    }
    if row.has("Binding") { fields[.binding] = row.text("Binding") }
    if row.has("My Review") { fields[.review] = HTMLText.plain(row.value("My Review")) }
    if row.has("Private Notes") {
      fields[.privateNotes] = HTMLText.plain(row.value("Private Notes"))
    }
    return .book(
      ImportedBook(
        line: row.line, source: Self.source, sourceID: row.optional("Book Id"), fields: fields,
        columnsJSON: row.keptColumnsJSON))
  }

  /// The ISBN-13 and ISBN-10 as the file gives them, each form derived from the other when
  /// missing; a code that is no ISBN is kept as another identifier.
  private mutating func readIdentifiers(_ row: CSVRow, into fields: inout BookFields) {
    var isbn13 = ""
    var isbn10 = ""
    var others: [String] = []
    for column in ["ISBN13", "ISBN"] where row.has(column) {
      let text = Self.unformula(row.value(column))
      guard !text.isEmpty else { continue }
      if let isbn = ISBN(restoringLeadingZero: text) {
        let compact = text.filter { $0 != "-" && $0 != " " }
        if isbn13.isEmpty, column == "ISBN13" || compact.count == 13 { isbn13 = isbn.isbn13 }
        if column == "ISBN" { isbn10 = isbn.isbn10 ?? isbn10 }
        continue
      }
      others.append(text)
      rowRemarks.append(
        "line \(row.line): the \(column) '\(text)' is not an ISBN; kept as another identifier")
    }
    if isbn13.isEmpty, let derived = ISBN(isbn10) { isbn13 = derived.isbn13 }
    if isbn10.isEmpty, let derived = ISBN(isbn13)?.isbn10 { isbn10 = derived }
    fields[.isbn13] = isbn13
    fields[.isbn10] = isbn10
    fields.setList(.identifiers, others)
  }

  /// The status from the exclusive shelf, and the other shelves as tags.
  private mutating func readShelves(_ row: CSVRow, into fields: inout BookFields) {
    let shelf = row.text("Exclusive Shelf")
    let reading = shelves.read(shelf, line: row.line)
    fields[.status] = reading.status.rawValue
    guard row.has("Bookshelves") else { return }
    var tags = row.list("Bookshelves").filter { $0 != shelf && Self.statuses[$0] == nil }
    if reading == .unknown, !tags.contains(shelf) { tags.insert(shelf, at: 0) }
    fields.setList(.tags, tags)
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
}
