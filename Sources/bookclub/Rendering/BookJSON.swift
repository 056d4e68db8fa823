import ReadingModel

/// The `--json` form of books, written by hand as UTF-8 bytes: stable key order, no
/// whitespace, and fast enough to stream a whole library.
///
/// A book is `{"added": DATE, "authors": [STRING], "id": INT, "isbn10": STRING|null,
/// "isbn13": STRING|null, "pageCount": INT|null, "progress": NUMBER|null, "status": STATUS,
/// "title": STRING, "updated": DATE}` with dates as in `InterchangeDate`.
enum BookJSON {
  /// One book as a JSON object.
  static func object(_ listed: ListedBook) -> String {
    var json = JSONWriter()
    write(listed, to: &json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Writes one book as a JSON object.
  static func write(_ listed: ListedBook, to json: inout JSONWriter) {
    let book = listed.book
    json.object { object in
      object.member("added") { $0.date(book.dateAdded.milliseconds) }
      object.member("authors") { $0.array(book.authors) { $0.string($1) } }
      object.member("id") { $0.integer(book.id) }
      object.member("isbn10") { $0.optionalString(book.isbn10) }
      object.member("isbn13") { $0.optionalString(book.isbn13) }
      object.member("pageCount") { json in book.pageCount.map { json.integer($0) } ?? json.null() }
      object.member("progress") { json in listed.progress.map { json.number($0) } ?? json.null() }
      object.member("status") { $0.string(book.status.rawValue) }
      object.member("title") { $0.string(book.title) }
      object.member("updated") { $0.date(book.dateUpdated.milliseconds) }
    }
  }

  /// `text` as a JSON string literal.
  static func string(_ text: String) -> String {
    var json = JSONWriter()
    json.string(text)
    return String(decoding: json.bytes, as: UTF8.self)
  }
}
