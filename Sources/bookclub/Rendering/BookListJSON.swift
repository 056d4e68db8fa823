import ReadingModel

/// The `list --json` document, `{"books":[...],"next":CURSOR|null,"total":INT|null}` with one
/// book a line, written in pieces so that `list --all` can print each page as it arrives.
enum BookListJSON {
  /// What comes before the first book.
  static let opening = #"{"books":["#

  /// The books of one page, each on a line of its own.
  ///
  /// - Parameters:
  ///   - books: The page's books.
  ///   - continuing: Whether books were written before these (a comma comes first).
  /// - Returns: The page's part of the document, as UTF-8.
  static func books(_ books: some Collection<ListedBook>, continuing: Bool) -> [UInt8] {
    var json = JSONWriter()
    for (index, book) in books.enumerated() {
      json.raw(continuing || index > 0 ? ",\n" : "\n")
      BookJSON.write(book, to: &json)
    }
    return json.bytes
  }

  /// What comes after the last book.
  ///
  /// - Parameters:
  ///   - afterBooks: Whether any book was written (the list closes on a line of its own).
  ///   - next: The cursor of the next page, if there is one.
  ///   - total: How many books match, when counted.
  static func closing(afterBooks: Bool, next: PageCursor?, total: Int?) -> String {
    var json = JSONWriter()
    json.raw(afterBooks ? "\n]" : "]")
    json.raw(#","next":"#)
    json.optionalString(next?.token)
    json.raw(#","total":"#)
    if let total { json.integer(total) } else { json.null() }
    json.raw("}")
    return String(decoding: json.bytes, as: UTF8.self)
  }
}
