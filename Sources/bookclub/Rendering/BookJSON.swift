import ReadingModel

/// The `--json` form of books, written by hand as UTF-8 bytes: stable key order, no
/// whitespace, and fast enough to stream a whole library.
///
/// A book is `{"added": DATE, "authors": [STRING], "format": FORMAT|null, "id": INT,
/// "isbn10": STRING|null, "isbn13": STRING|null, "length": SECONDS|null, "pageCount":
/// INT|null, "progress": NUMBER|null, "status": STATUS, "title": STRING, "updated": DATE}`
/// with dates as in `InterchangeDate`.
enum BookJSON {
  /// One book as a JSON object.
  static func object(_ listed: ListedBook) -> String {
    var json = JSONWriter()
    write(listed, to: &json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Writes one book as a JSON object. Written out member by member, without the
  /// closures of `JSONWriter.object`: `list --all --json` writes this for every book.
  static func write(_ listed: ListedBook, to json: inout JSONWriter) {
    json.literal(#"{"added":"#)
    json.date(listed.book.dateAdded.milliseconds)
    json.literal(#","authors":["#)
    for (index, author) in listed.book.authors.enumerated() {
      if index > 0 { json.literal(",") }
      json.string(author)
    }
    json.literal(#"],"format":"#)
    json.optionalString(listed.book.format?.rawValue)
    json.literal(#","id":"#)
    json.integer(listed.book.id)
    json.literal(#","isbn10":"#)
    json.optionalString(listed.book.isbn10)
    json.literal(#","isbn13":"#)
    json.optionalString(listed.book.isbn13)
    json.literal(#","length":"#)
    if let length = listed.book.length { json.integer(length.seconds) } else { json.null() }
    json.literal(#","pageCount":"#)
    if let pages = listed.book.pageCount { json.integer(pages) } else { json.null() }
    json.literal(#","progress":"#)
    if let progress = listed.progress { json.number(progress) } else { json.null() }
    json.literal(#","status":"#)
    json.string(listed.book.status.rawValue)
    json.literal(#","title":"#)
    json.string(listed.book.title)
    json.literal(#","updated":"#)
    json.date(listed.book.dateUpdated.milliseconds)
    json.literal("}")
  }

}
