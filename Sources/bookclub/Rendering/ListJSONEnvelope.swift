import ReadingModel

/// The `--json` envelope of `list`, `{"books":[…],"next":…,"total":…}` with a book a line,
/// written in this one place for a page and for `--all`, which writes it as pages arrive.
struct ListJSONEnvelope {
  /// What comes before the first book.
  static let opening = "{\"books\":["

  /// Whether a book was written: the next one follows a comma, and the end a newline.
  private var hasBooks = false

  /// The books, each on a line of its own.
  ///
  /// - Parameter books: The books, after those written before.
  /// - Returns: Their JSON, to write after the opening or the books before.
  mutating func books(_ books: [ListedBook]) -> [UInt8] {
    // Room for a typical book's line, so the bytes are rarely moved as they grow.
    var json = JSONWriter(reservingCapacity: books.count * 384)
    // By index: each book is read where it lies, not copied out (and released) one by one.
    for index in books.indices {
      json.literal(hasBooks ? ",\n" : "\n")
      BookJSON.write(books[index], to: &json)
      hasBooks = true
    }
    return json.bytes
  }

  /// What comes after the last book, without the final newline.
  ///
  /// - Parameters:
  ///   - next: Where the next page starts; `nil` when the list is at its end.
  ///   - total: How many books match, when counted.
  /// - Returns: The text that closes the envelope.
  func closing(next: PageCursor?, total: Int?) -> String {
    let nextJSON = next.map { JSONValue.string($0.token).text } ?? "null"
    return (hasBooks ? "\n" : "") + "],\"next\":\(nextJSON),"
      + "\"total\":\(total.map(String.init) ?? "null")}"
  }
}
