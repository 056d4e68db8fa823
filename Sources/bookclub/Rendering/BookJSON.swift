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
    var bytes: [UInt8] = []
    append(listed, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one book as a JSON object.
  static func append(_ listed: ListedBook, to bytes: inout [UInt8]) {
    let book = listed.book
    bytes.append(contentsOf: #"{"added":""#.utf8)
    InterchangeDate.append(milliseconds: book.dateAdded.milliseconds, to: &bytes)
    bytes.append(contentsOf: #"","authors":["#.utf8)
    for (index, author) in book.authors.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendString(author, to: &bytes)
    }
    bytes.append(contentsOf: #"],"id":"#.utf8)
    bytes.append(contentsOf: String(book.id).utf8)
    bytes.append(contentsOf: #","isbn10":"#.utf8)
    appendOptional(book.isbn10, to: &bytes)
    bytes.append(contentsOf: #","isbn13":"#.utf8)
    appendOptional(book.isbn13, to: &bytes)
    bytes.append(contentsOf: #","pageCount":"#.utf8)
    bytes.append(contentsOf: (book.pageCount.map(String.init) ?? "null").utf8)
    bytes.append(contentsOf: #","progress":"#.utf8)
    bytes.append(contentsOf: (listed.progress.map { String($0) } ?? "null").utf8)
    bytes.append(contentsOf: #","status":""#.utf8)
    bytes.append(contentsOf: book.status.rawValue.utf8)
    bytes.append(contentsOf: #"","title":"#.utf8)
    appendString(book.title, to: &bytes)
    bytes.append(contentsOf: #","updated":""#.utf8)
    InterchangeDate.append(milliseconds: book.dateUpdated.milliseconds, to: &bytes)
    bytes.append(contentsOf: #""}"#.utf8)
  }

  /// `text` as a JSON string literal.
  static func string(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendString(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendOptional(_ text: String?, to bytes: inout [UInt8]) {
    if let text { appendString(text, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
  }

  /// Appends `text` quoted, escaping what JSON requires; other characters pass as UTF-8.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
