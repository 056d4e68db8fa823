/// Writes books as Hardcover exports them (the 37 columns its custom import takes), so
/// Hardcover, and any tool that reads its export, can import them: authors with
/// contributors marked `(Contributor)`, series as `Name (#1)`, every reading's days in
/// `Date Started` and `Date Finished` (comma-separated, in order, a day left empty where a
/// reading has none), half-star ratings. A book that came from Hardcover keeps its own text
/// in every column whose value has not changed since (its spelling of a date or a rating).
public enum HardcoverExport {
  public static let header = [
    "Title", "Author", "Series", "Status", "Privacy", "Hardcover Book ID", "Hardcover Edition ID",
    "ISBN 10", "ISBN 13", "ASIN", "Media", "Country Code", "Language Code", "Binding", "Pages",
    "Duration in Seconds", "Publish Date", "Publisher", "Genres", "Moods", "Tags",
    "Content Warnings", "Lists", "Date Added", "Date Started", "Date Finished", "Rating", "Review",
    "Review Contains Spoilers", "Sponsored Review", "Review Date", "Review URL",
    "Review Media URL", "Private Notes", "Owned", "Compilation", "Review Slate",
  ]

  /// Where each column of ``header`` is.
  private static let namedColumns = NamedRow.Columns(header)

  /// The row for one book, in ``header`` order.
  public static func row(_ item: LibraryArchive.Item) -> [String] {
    let id = item.details.sourceIDs[HardcoverMapper.source] ?? ""
    return ServiceRow.row(
      item, source: HardcoverMapper.source, header: header,
      together: [
        ["Status", "Tags", "Lists", "Owned"],
        ["Review", "Review Contains Spoilers", "Review Date", "Review URL", "Review Media URL"],
      ]
    ) { columns($0, id: id) }
  }

  private static func columns(_ fields: BookFields, id: String) -> [String] {
    var row = NamedRow(namedColumns)
    func set(_ column: String, _ value: String) { row[column] = value }
    let status = ReadingStatus(rawValue: fields[.status] ?? "") ?? .wantToRead
    set("Title", fields[.title] ?? "")
    set(
      "Author",
      (fields.list(.authors).map(withoutCommas)
        + fields.list(.contributors).map { name in
          // A contributor with a role keeps it; one without is marked, or it would read
          // back as an author.
          withoutCommas(name) + (name.hasSuffix(")") ? "" : " (Contributor)")
        })
        .joined(separator: ", "))
    set(
      "Series",
      fields.list(.series).compactMap(SeriesPlace.init(text:)).map { place in
        let name = withoutCommas(place.name)
        return place.position.map { "\(name) (#\($0))" } ?? name
      }.joined(separator: ", "))
    set("Status", statusWords[status] ?? "Want to Read")
    set("Hardcover Book ID", id)
    set("ISBN 10", fields[.isbn10] ?? "")
    set("ISBN 13", fields[.isbn13] ?? "")
    set("ASIN", fields.list(.identifiers).first { !$0.contains(":") } ?? "")
    set("Media", BookFormat(rawValue: fields[.format] ?? "").map { media[$0] ?? "" } ?? "")
    set("Binding", fields[.binding] ?? "")
    set("Pages", fields[.pageCount] ?? "")
    set(
      "Duration in Seconds",
      (try? AudioLength(parsing: fields[.length] ?? "")).map { String($0.seconds) } ?? "")
    set("Publish Date", fields[.editionYear] ?? "")
    set("Publisher", fields[.publisher] ?? "")
    set("Moods", fields.list(.moods).joined(separator: ", "))
    set("Tags", fields.list(.tags).joined(separator: ", "))
    set("Content Warnings", fields.list(.warnings).joined(separator: ", "))
    set("Date Added", fields[.dateAdded] ?? "")
    // Given up is Hardcover's status, not a day of its readings: such a reading is written
    // as begun, not finished.
    let readings = fields.list(.readings).map(ReadingPeriod.init(text:))
    set("Date Started", readings.map { $0.start?.description ?? "" }.joined(separator: ","))
    set(
      "Date Finished",
      readings.map { $0.abandoned ? "" : $0.end?.description ?? "" }.joined(separator: ","))
    if let rating = Rating(storedText: fields[.rating] ?? "") {
      set("Rating", String(format1: (rating.value * 2).rounded() / 2))
    }
    set("Review", fields[.review] ?? "")
    set("Review Contains Spoilers", fields[.spoiler] == BookFields.spoilerText ? "true" : "false")
    set("Sponsored Review", "false")
    set("Private Notes", fields[.privateNotes] ?? "")
    set("Owned", fields[.owned].flatMap(Int.init).map { $0 > 0 ? "true" : "false" } ?? "")
    return row.cells
  }

  /// Hardcover's status words.
  static let statusWords: [ReadingStatus: String] = [
    .wantToRead: "Want to Read", .reading: "Currently Reading", .finished: "Read",
    .abandoned: "Did Not Finish", .paused: "Paused",
  ]

  /// Hardcover's media.
  static let media: [BookFormat: String] = [.paper: "Book", .audiobook: "Audio", .ebook: "Ebook"]
}

/// A name in a list of names separated by commas: its own commas dropped
/// (`James Wesley, Rawles` → `James Wesley Rawles`, the same name to bookclub's matching).
func withoutCommas(_ name: String) -> String {
  // Most names have no comma: they are only trimmed, without splitting them into
  // characters (which looks up every character's Unicode properties).
  guard name.utf8.contains(UInt8(ascii: ",")) else { return name.trimmingWhitespace() }
  return name.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    .joined(separator: " ")
}

extension String {
  /// `4.5`, `5.0`: one decimal, as Hardcover writes ratings.
  init(format1 value: Double) {
    let tenths = Int((value * 10).rounded())
    self = "\(tenths / 10).\(tenths % 10)"
  }
}
