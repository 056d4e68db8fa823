/// Reads LibraryThing's export, tab-separated or CSV (the same columns): one row a copy in
/// the reader's catalogue, named by its `Book Id`.
///
/// Quirks handled: `Primary Author` is `Last, First`, other authors and their roles are
/// separated by `|`; dates are in brackets (`[2023-01-20]`), and so is the `ISBN`; `ISBNs`
/// lists both forms; the reading status is no column but a collection (`Currently
/// reading`, `To read`, `Read but unowned`), or the dates; `Publication` is
/// `Publisher (1979), Paperback`; line breaks in text are written `[Return]`; `Page Count`
/// may end in a blank.
struct LibraryThingMapper: CSVRowMapper {
  static let formatName = "LibraryThing"
  static let source = "librarything"

  static let requiredColumns = ["Book Id", "Title", "Primary Author", "Collections"]

  static let keptColumns: Set<String> = [
    "Book Id", "Title", "Primary Author", "Secondary Author", "Secondary Author Roles",
    "Publication", "Date", "Review", "Rating", "Private Comment", "Media", "Page Count",
    "Date Started", "Date Read", "Tags", "Collections", "ISBN", "ISBNs", "Copies",
    "Entry Date", "LCCN", "OCLC", "Work id",
  ]

  /// LibraryThing's own collections that say where a book stands.
  static let statuses: [String: ReadingStatus] = [
    "currently reading": .reading, "to read": .wantToRead, "read but unowned": .finished,
    "wishlist": .wantToRead,
  ]

  /// Collections that say nothing of reading: kept as tags, except the library itself.
  static let yourLibrary = "your library"

  private var shelves: ShelfReader

  init(shelves: ShelfMapping) {
    self.shelves = ShelfReader(mapping: shelves, standard: Self.statuses)
  }

  /// Remarks on single rows (a rating that is none), in row order.
  private var rowRemarks: [String] = []

  var remarks: [String] { rowRemarks + shelves.remarks }

  mutating func map(_ row: CSVRow) -> ImportRow {
    let title = Self.text(row.value("Title"))
    let primary = row.text("Primary Author")
    let authors = primary.isEmpty ? [] : [Self.firstNameFirst(primary)]
    if let skip = row.missingTitleOrAuthor(title: title, authors: authors) { return skip }
    var fields = BookFields()
    fields[.title] = title
    fields.setList(.authors, authors)
    fields[.authorSort] = primary.contains(",") ? primary : ""
    // Each other author with their role, in the same order (`Translator|Editor`).
    let roles = row.value("Secondary Author Roles").split(
      separator: "|", omittingEmptySubsequences: false
    ).map { $0.trimmingWhitespace() }
    fields.setList(
      .contributors,
      row.value("Secondary Author").split(separator: "|", omittingEmptySubsequences: false)
        .enumerated().compactMap { index, name in
          let named = Self.firstNameFirst(String(name))
          guard !named.isEmpty else { return nil }
          let role = index < roles.count ? roles[index] : ""
          return role.isEmpty ? named : "\(named) (\(role))"
        })
    let isbn =
      ISBN(Self.unbracketed(row.value("ISBN")))
      ?? row.value("ISBNs").split(separator: ",").lazy.compactMap { ISBN(String($0)) }.first
    fields[.isbn13] = isbn?.isbn13 ?? ""
    fields[.isbn10] = isbn?.isbn10 ?? ""
    fields.setList(
      .identifiers,
      [("LCCN", "lccn"), ("OCLC", "oclc"), ("Work id", "librarything-work")].compactMap {
        column, prefix in
        let value = row.text(column)
        return value.isEmpty ? nil : prefix + ":" + value
      })
    let (publisher, published) = Self.publication(row.value("Publication"))
    fields[.publisher] = publisher
    // `Date`, else the year `Publication` gives in parentheses (`Publisher (1979)`).
    fields[.editionYear] =
      [row.text("Date"), published ?? ""].lazy.map { $0.prefix(4) }
      .first { $0.count == 4 && $0.allSatisfy(\.isNumber) }.map(String.init) ?? ""
    if row.has("Page Count") {
      fields[.pageCount] = FieldCell.pageCount(
        row.value("Page Count"), column: "Page Count", at: "line \(row.line)",
        remarks: &rowRemarks)
    }
    let media = row.text("Media")
    fields[.binding] = media
    fields[.format] = BookFormat(binding: media)?.rawValue ?? ""
    let started = CalendarDay(Self.unbracketed(row.value("Date Started")))
    let read = CalendarDay(Self.unbracketed(row.value("Date Read")))
    let reading = started != nil || read != nil ? ReadingPeriod(start: started, end: read) : nil
    let datesRead = FieldCell.readingDaysAreReadable(
      ["Date Started", "Date Read"].map { ($0, Self.unbracketed(row.value($0))) },
      at: "line \(row.line)", remarks: &rowRemarks)
    if datesRead { fields.setList(.readings, reading.map { [$0.text] } ?? []) }
    let collections = row.list("Collections")
    fields[.status] =
      status(collections, reading: reading, datesRead: datesRead, line: row.line)?.rawValue
    let custom = collections.filter {
      Self.statuses[$0.lowercased()] == nil && $0.lowercased() != Self.yourLibrary
        && shelves.meaning(of: $0) == .unknown
    }
    fields.setList(.tags, row.list("Tags") + custom.filter { !row.list("Tags").contains($0) })
    if collections.contains(where: { $0.lowercased() == Self.yourLibrary }) {
      fields[.owned] = Int(row.text("Copies")).map { String(max($0, 1)) } ?? "1"
    }
    RatingCell(row.value("Rating"), read: Rating.init(storedText:))
      .apply(to: &fields, at: "line \(row.line)", remarks: &rowRemarks)
    fields[.review] = Self.text(row.value("Review"))
    fields[.privateNotes] = Self.text(row.value("Private Comment"))
    fields[.dateAdded] = FieldCell.dateAdded(
      Self.unbracketed(row.value("Entry Date")), column: "Entry Date", at: "line \(row.line)",
      remarks: &rowRemarks)
    let id = row.text("Book Id")
    return .book(
      ImportedBook(
        line: row.line, source: Self.source, sourceID: id.isEmpty ? nil : id, fields: fields,
        columnsJSON: row.keptColumnsJSON))
  }

  /// Where the book stands: the collection that says so, else finished when it was read,
  /// being read when it was started, else want to read.
  /// The status a collection names, or else the one the reading's dates say.
  ///
  /// - Parameters:
  ///   - reading: The reading its dates make.
  ///   - datesRead: Whether its dates could be read; when not, and no collection names a
  ///     status, the status is `nil`: the book keeps its own.
  private mutating func status(
    _ collections: [String], reading: ReadingPeriod?, datesRead: Bool, line: Int
  ) -> ReadingStatus? {
    if let named = collections.first(where: { Self.statuses[$0.lowercased()] != nil }) {
      return shelves.read(named.lowercased(), line: line).status
    }
    // A collection of the reader's that names a status (`On hold`, or one --shelf chose).
    if let named = collections.first(where: {
      switch shelves.meaning(of: $0) {
      case .chosen, .recognised: true
      case .standard, .unknown: false
      }
    }) {
      return shelves.read(named, line: line).status
    }
    guard datesRead else { return nil }
    if reading?.end != nil { return .finished }
    return reading?.start != nil ? .reading : .wantToRead
  }

  /// `Herbert, Frank` → `Frank Herbert`; a name without a comma stays.
  static func firstNameFirst(_ name: String) -> String {
    let parts = name.split(separator: ",", maxSplits: 1).map { $0.trimmingWhitespace() }
    guard parts.count == 2, !parts[1].isEmpty else { return name.trimmingWhitespace() }
    return parts[1] + " " + parts[0]
  }

  /// `[2023-01-20]` → `2023-01-20`.
  static func unbracketed(_ cell: String) -> String {
    var text = cell.trimmingWhitespace()
    if text.hasPrefix("[") { text.removeFirst() }
    if text.hasSuffix("]") { text.removeLast() }
    return text.trimmingWhitespace()
  }

  /// `Harbor Press (2019), Paperback, 320 pages` → the publisher and the year.
  static func publication(_ cell: String) -> (publisher: String, year: String?) {
    let text = cell.trimmingWhitespace()
    guard let open = text.firstIndex(of: "("),
      let close = text[open...].firstIndex(of: ")")
    else { return (text.split(separator: ",").first.map { $0.trimmingWhitespace() } ?? "", nil) }
    return (
      text[..<open].trimmingWhitespace(),
      String(text[text.index(after: open)..<close])
    )
  }

  /// Text with LibraryThing's `[Return]` as line breaks.
  static func text(_ cell: String) -> String {
    cell.replacing("[Return]", with: "\n").trimmingWhitespace()
  }
}
