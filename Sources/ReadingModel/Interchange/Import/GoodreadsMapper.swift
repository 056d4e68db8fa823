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
  /// The file's columns, found at its first row.
  private var fileColumns: Columns?

  init(shelves: ShelfMapping) {
    self.shelves = ShelfReader(mapping: shelves, standard: Self.statuses)
  }

  var remarks: [String] { rowRemarks + shelves.remarks }

  mutating func map(_ row: CSVRow) -> ImportRow {
    let columns = fileColumns ?? Columns(of: row)
    fileColumns = columns
    let title = row.text(columns.title)
    let authors = ([row.text(columns.author)] + row.list(columns.additionalAuthors)).filter {
      !$0.isEmpty
    }
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }
    var fields = BookFields()
    fields[.title] = title
    // The title stays as written; the series it names at its end are read off it.
    fields.setList(.series, SeriesPlace.places(inTitle: title).map(\.text))
    fields.setList(.authors, authors)
    if columns.authorLastFirst.exists { fields[.authorSort] = row.text(columns.authorLastFirst) }
    readIdentifiers(row, columns, into: &fields)
    readShelves(row, columns, into: &fields)
    let number = { (column: CSVColumn) in Int(row.value(column)).map(String.init) ?? "" }
    let place = "line \(row.line)"
    if columns.numberOfPages.exists {
      fields[.pageCount] = FieldCell.pageCount(
        row.value(columns.numberOfPages), column: "Number of Pages", at: place,
        remarks: &rowRemarks)
    }
    if columns.dateAdded.exists {
      fields[.dateAdded] = FieldCell.dateAdded(
        row.value(columns.dateAdded), column: "Date Added", at: place, remarks: &rowRemarks)
    }
    if columns.myRating.exists {
      RatingCell(row.value(columns.myRating), read: Rating.init(wholeStarsText:))
        .apply(to: &fields, at: place, remarks: &rowRemarks)
    }
    if columns.dateRead.exists,
      let day = FieldCell.day(row.value(columns.dateRead)).read(
        column: "Date Read", as: "date", keeping: "its readings", at: place,
        remarks: &rowRemarks)
    {
      fields.setList(.readings, CalendarDay(day).map { [ReadingPeriod(end: $0).text] } ?? [])
    }
    if columns.readCount.exists { fields[.readCount] = number(columns.readCount) }
    if columns.publisher.exists { fields[.publisher] = row.text(columns.publisher) }
    if columns.yearPublished.exists { fields[.editionYear] = number(columns.yearPublished) }
    if columns.originalPublicationYear.exists {
      fields[.originalYear] = number(columns.originalPublicationYear)
    }
    if columns.binding.exists {
      let binding = row.text(columns.binding)
      fields[.binding] = binding
      fields[.format] = BookFormat(binding: binding)?.rawValue ?? ""
    }
    if columns.myReview.exists { fields[.review] = HTMLText.plain(row.value(columns.myReview)) }
    if columns.spoiler.exists {
      fields[.spoiler] = BookFields.spoiler(cell: row.value(columns.spoiler))
    }
    if columns.privateNotes.exists {
      fields[.privateNotes] = HTMLText.plain(row.value(columns.privateNotes))
    }
    if columns.ownedCopies.exists {
      // Goodreads writes 0 for every book nobody said anything of: only copies say something.
      fields[.owned] =
        Int(row.value(columns.ownedCopies)).flatMap { $0 > 0 ? String($0) : nil } ?? ""
    }
    return .book(
      ImportedBook(
        line: row.line, source: Self.source, sourceID: row.optional(columns.bookID),
        fields: fields, row: row.fields, kept: row.kept))
  }

  /// The ISBN-13 and ISBN-10 as the file gives them, each form derived from the other when
  /// missing; a code that is no ISBN is kept as another identifier.
  private mutating func readIdentifiers(
    _ row: CSVRow, _ columns: Columns, into fields: inout BookFields
  ) {
    var isbn13 = ""
    var isbn10 = ""
    var others: [String] = []
    for (name, column) in columns.identifiers where column.exists {
      let text = Self.unformula(row.value(column))
      guard !text.isEmpty else { continue }
      if let isbn = ISBN(restoringLeadingZero: text) {
        let compact = text.filter { $0 != "-" && $0 != " " }
        if isbn13.isEmpty, name == "ISBN13" || compact.count == 13 { isbn13 = isbn.isbn13 }
        if name == "ISBN" { isbn10 = isbn.isbn10 ?? isbn10 }
        continue
      }
      others.append(text)
      rowRemarks.append(
        "line \(row.line): the \(name) '\(text)' is not an ISBN; kept as another identifier")
    }
    if isbn13.isEmpty, let derived = ISBN(isbn10) { isbn13 = derived.isbn13 }
    if isbn10.isEmpty, let derived = ISBN(isbn13)?.isbn10 { isbn10 = derived }
    fields[.isbn13] = isbn13
    fields[.isbn10] = isbn10
    fields.setList(.identifiers, others)
  }

  /// The status from the exclusive shelf, and the other shelves as tags.
  private mutating func readShelves(
    _ row: CSVRow, _ columns: Columns, into fields: inout BookFields
  ) {
    let shelf = row.text(columns.exclusiveShelf)
    let reading = shelves.read(shelf, line: row.line)
    fields[.status] = reading.status.rawValue
    guard columns.bookshelves.exists else { return }
    var tags = row.list(columns.bookshelves).filter { $0 != shelf && Self.statuses[$0] == nil }
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
