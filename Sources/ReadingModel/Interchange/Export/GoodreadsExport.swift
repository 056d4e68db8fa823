#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes books as Goodreads exports them (the 23-column header), so any tool that imports
/// Goodreads exports can read bookclub's: ISBNs as `="..."` formulas, `yyyy/MM/dd` dates,
/// whole-star ratings, exclusive shelves for statuses, `<br/>` for line breaks in reviews,
/// `Spoiler` `true` for a review that gives the story away (empty otherwise).
///
/// A book that came from Goodreads is written back as it came: every column whose value
/// has not changed since the last import is the file's own text (the shelf `dnf`, the review
/// with its entities, `Owned Copies`); changed columns are written afresh.
public enum GoodreadsExport {
  public static let header = [
    "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13",
    "My Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
    "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
    "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes",
    "Read Count", "Owned Copies",
  ]

  /// The exclusive shelf of each status. Goodreads has no paused shelf of its own; `on-hold`
  /// is the one its readers make for it, and an import reads it back as paused.
  static let shelves: [ReadingStatus: String] = [
    .wantToRead: "to-read", .reading: "currently-reading", .finished: "read",
    .abandoned: "did-not-finish", .paused: "on-hold",
  ]

  /// Appends the row for one book, with its line ending: an unchanged book's columns are
  /// copied from the stored text into the CSV with no string made (most of an export).
  public static func append(_ item: LibraryArchive.Item, to output: inout [UInt8]) {
    let book = ExportedBook(item)
    if let written = book.written {
      for (index, place) in headerPlaces.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        written.appendCSVField(place, to: &output)
      }
      CSVWriter.endRecord(&output)
    } else {
      CSVWriter.append(book.workedOutRow(), to: &output)
    }
  }

  /// The row for one book, in ``header`` order.
  public static func row(_ item: LibraryArchive.Item) -> [String] {
    let book = ExportedBook(item)
    return book.written.map { written in headerPlaces.map { written.string($0) ?? "" } }
      ?? book.workedOutRow()
  }

  /// One book as the export sees it: its fields, and its last Goodreads import.
  private struct ExportedBook {
    let id: String
    let fields: BookFields
    let base: SourceBase?
    /// The stored columns, when the book is unchanged since it was imported, as most books
    /// are: the row is then exactly as the file wrote it, no column worked out (every column
    /// is a function of the fields, an absent field read as empty). Read straight off the
    /// stored text; `nil` when a column of the header is missing from it.
    let written: StringMapJSON.NamedValues?

    init(_ item: LibraryArchive.Item) {
      // A stand-in (a row that had no Book Id) is not Goodreads' id: none is written.
      id =
        item.details.sourceIDs[GoodreadsMapper.source].flatMap {
          ImportedBook.isFallbackID($0) ? nil : $0
        } ?? ""
      fields = BookFields(book: item.book, details: item.details)
      base = item.bases[GoodreadsMapper.source].flatMap { $0.columnsJSON == "{}" ? nil : $0 }
      guard let base, base.hasSameText(as: fields) else {
        written = nil
        return
      }
      let stored = StringMapJSON.NamedValues(of: base.columnsJSON, named: headerNames)
      written = stored.walk.isObject && stored.spans.allSatisfy { $0 != nil } ? stored : nil
    }

    /// The row worked out from the fields: where a column's value would be the same from
    /// the fields the import saw, the file's own text is kept.
    func workedOutRow() -> [String] {
      guard let base else { return columns(fields, id: id, positions: [:]) }
      let written = base.columns  // decoded once: the stored columns are JSON
      let positions = knownPositions(written["Bookshelves with positions"] ?? "")
      let now = columns(fields, id: id, positions: positions)
      let then = columns(base.fields, id: id, positions: positions)
      return header.indices.map { index in
        now[index] == then[index] ? written[header[index]] ?? now[index] : now[index]
      }
    }
  }

  /// The header's columns ordered by the UTF-8 bytes of their names, with their places:
  /// stored columns come with their names sorted, so one walk puts each in its place.
  private static let headerByName = header.enumerated()
    .map { (name: Array($1.utf8), place: $0) }
    .sorted { $0.name.lexicographicallyPrecedes($1.name) }
  private static let headerNames = headerByName.map(\.name)
  /// For each column of the header in order, its place in ``headerNames``.
  private static let headerPlaces = header.indices.map { column in
    headerByName.firstIndex { $0.place == column }!
  }

  /// The row as the file wrote it, from stored columns (a flat JSON object, keys sorted).
  ///
  /// - Returns: `nil` when a column of the header is missing or the text is not such an
  ///   object.
  static func writtenRow(_ columnsJSON: String) -> [String]? {
    let stored = StringMapJSON.NamedValues(of: columnsJSON, named: headerNames)
    guard stored.walk.isObject else { return nil }
    let row = headerPlaces.compactMap { stored.string($0) }
    return row.count == header.count ? row : nil
  }

  /// The columns written from a book's fields. Only what the library knows is written: an
  /// unknown read count, date added or last-name-first author is an empty cell, not one
  /// worked out (which the next import would read back as a change).
  private static func columns(_ fields: BookFields, id: String, positions: [String: String])
    -> [String]
  {
    let authors = fields.list(.authors)
    let author = authors.first ?? ""
    let status = ReadingStatus(rawValue: fields[.status] ?? "") ?? .wantToRead
    let shelf = shelves[status] ?? "to-read"
    let shelved = fields.list(.tags) + [shelf]
    return [
      id,
      fields[.title] ?? "",
      author,
      fields[.authorSort] ?? "",
      authors.dropFirst().joined(separator: ", "),
      "=\"\(fields[.isbn10] ?? "")\"",
      "=\"\(fields[.isbn13] ?? "")\"",
      Rating(storedText: fields[.rating] ?? "").map { String($0.wholeStars) } ?? "0",
      fields[.publisher] ?? "",
      fields.binding(or: \.goodreadsBinding),
      fields[.pageCount] ?? "",
      fields[.editionYear] ?? "",
      fields[.originalYear] ?? "",
      lastFinish(fields.list(.readings)).map { $0.format(separator: "/") } ?? "",
      CalendarDay(fields[.dateAdded] ?? "")?.format(separator: "/") ?? "",
      shelved.joined(separator: ", "),
      shelved.compactMap { name in positions[name].map { "\(name) (#\($0))" } }
        .joined(separator: ", "),
      shelf,
      html(fields[.review] ?? ""),
      fields[.spoiler] ?? "",
      html(fields[.privateNotes] ?? ""),
      fields[.readCount] ?? "",
      fields[.owned].flatMap { $0.isEmpty ? nil : $0 } ?? "0",
    ]
  }

  /// `classics (#1), to-read (#12)` → each shelf's position.
  private static func knownPositions(_ text: String) -> [String: String] {
    var positions: [String: String] = [:]
    for part in text.split(separator: ",") {
      let item = part.trimmingWhitespace()
      guard item.hasSuffix(")"), let open = item.ranges(of: " (#").last else {
        continue
      }
      positions[String(item[..<open.lowerBound])] = String(
        item[open.upperBound...].dropLast())
    }
    return positions
  }

  /// The latest finish among readings.
  private static func lastFinish(_ readings: [String]) -> CalendarDay? {
    readings.compactMap { ReadingPeriod(text: $0).end }.max()
  }

  private static func html(_ text: String) -> String {
    guard text.utf8.contains(0x0A) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br/>")
  }
}
