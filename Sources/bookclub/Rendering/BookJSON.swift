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
    let book = listed.book
    json.raw(#"{"added":"#)
    json.date(book.dateAdded.milliseconds)
    json.raw(#","authors":["#)
    for (index, author) in book.authors.enumerated() {
      if index > 0 { json.raw(",") }
      json.string(author)
    }
    json.raw(#"],"format":"#)
    json.optionalString(book.format?.rawValue)
    json.raw(#","id":"#)
    json.integer(book.id)
    json.raw(#","isbn10":"#)
    json.optionalString(book.isbn10)
    json.raw(#","isbn13":"#)
    json.optionalString(book.isbn13)
    json.raw(#","length":"#)
    if let length = book.length { json.integer(length.seconds) } else { json.null() }
    json.raw(#","pageCount":"#)
    if let pages = book.pageCount { json.integer(pages) } else { json.null() }
    json.raw(#","progress":"#)
    if let progress = listed.progress { json.number(progress) } else { json.null() }
    json.raw(#","status":"#)
    json.string(book.status.rawValue)
    json.raw(#","title":"#)
    json.string(book.title)
    json.raw(#","updated":"#)
    json.date(book.dateUpdated.milliseconds)
    json.raw("}")
  }
}
