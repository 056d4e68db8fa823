/// A list of names in one CSV cell whose items may be quoted, as StoryGraph's `Authors`
/// and `Contributors` are written: items separated by commas, an item that holds a comma
/// or a double quote in double quotes with its quotes doubled
/// (`"James Wesley, Rawles", Jane Doe`), so that a name with a comma stays one name.
///
/// A list without quotes reads exactly as a plain comma list, and so does a list whose
/// quotes are not this quoting (a quote inside an item, a quote never closed, text after a
/// closing quote): only a list written this way reads differently.
enum QuotedCommaList {
  /// The items of a list, split at the commas outside quoted items; each item as written
  /// between its commas (a quoted one without its quotes, its doubled quotes single).
  ///
  /// - Parameter text: The cell's text.
  /// - Returns: The items, empty ones included; the caller trims and drops them.
  static func items(_ text: String) -> [String] {
    guard text.contains("\"") else { return plainItems(text) }
    var items: [String] = []
    var rest = Substring(text)
    while true {
      let start = rest.drop { $0.isWhitespace }
      guard start.first == "\"" else {
        guard let comma = rest.firstIndex(of: ",") else { return items + [String(rest)] }
        items.append(String(rest[..<comma]))
        rest = rest[rest.index(after: comma)...]
        continue
      }
      guard let (item, after) = quotedItem(start.dropFirst()) else { return plainItems(text) }
      items.append(item)
      let tail = after.drop { $0.isWhitespace }
      guard let next = tail.first else { return items }
      guard next == "," else { return plainItems(text) }
      rest = tail.dropFirst()
    }
  }

  /// The cell's text for a list: items joined with `, `, an item holding a comma or a
  /// double quote quoted, its quotes doubled.
  ///
  /// - Parameter items: The names, in order.
  /// - Returns: Text that ``items(_:)`` reads back as the same items.
  static func text(_ items: [String]) -> String {
    items.map { item in
      guard item.contains(",") || item.contains("\"") else { return item }
      let doubled = item.split(separator: "\"", omittingEmptySubsequences: false)
        .joined(separator: "\"\"")
      return "\"" + doubled + "\""
    }
    .joined(separator: ", ")
  }

  /// The items of a list read as plain comma-separated text, as lists always were read.
  private static func plainItems(_ text: String) -> [String] {
    text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  /// A quoted item's text, read from just after its opening quote.
  ///
  /// - Returns: The item, its doubled quotes single, and the text after its closing quote;
  ///   `nil` when the quote is never closed.
  private static func quotedItem(_ text: Substring) -> (item: String, after: Substring)? {
    var item = ""
    var rest = text
    while let quote = rest.firstIndex(of: "\"") {
      item += rest[..<quote]
      let after = rest[rest.index(after: quote)...]
      guard after.first == "\"" else { return (item, after) }
      item += "\""  // a doubled quote is one quote of the name
      rest = after.dropFirst()
    }
    return nil
  }
}
