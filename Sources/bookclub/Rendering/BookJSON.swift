import ReadingModel

/// The `--json` form of books, written by hand: stable key order, no whitespace, and fast
/// enough to stream a whole library.
///
/// A book is `{"added": DATE, "authors": [STRING], "id": INT, "isbn10": STRING|null,
/// "isbn13": STRING|null, "pageCount": INT|null, "progress": NUMBER|null, "status": STATUS,
/// "title": STRING, "updated": DATE}` with dates as in `InterchangeDate`.
enum BookJSON {
  static func object(_ listed: ListedBook) -> String {
    let book = listed.book
    let fields: [(String, String)] = [
      ("added", string(InterchangeDate.format(milliseconds: book.dateAdded.milliseconds))),
      ("authors", "[" + book.authors.map(string).joined(separator: ",") + "]"),
      ("id", String(book.id)),
      ("isbn10", book.isbn10.map(string) ?? "null"),
      ("isbn13", book.isbn13.map(string) ?? "null"),
      ("pageCount", book.pageCount.map(String.init) ?? "null"),
      ("progress", listed.progress.map { String($0) } ?? "null"),
      ("status", string(book.status.rawValue)),
      ("title", string(book.title)),
      ("updated", string(InterchangeDate.format(milliseconds: book.dateUpdated.milliseconds))),
    ]
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// `text` as a JSON string literal.
  static func string(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
