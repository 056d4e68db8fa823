/// Plain text from the bits of HTML that exports put in reviews: `<br/>` becomes a line
/// break and character entities become characters; other markup stays as written.
///
/// One pass over the bytes: reviews are long and every row may have one.
enum HTMLText {
  static func plain(_ html: String) -> String {
    let isMarkup = { (byte: UInt8) in byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") }
    // Over the stored bytes where they are at hand: a review is read for two bytes only.
    let hasMarkup =
      html.utf8.withContiguousStorageIfAvailable { $0.contains(where: isMarkup) }
      ?? html.utf8.contains(where: isMarkup)
    guard hasMarkup else { return html }
    let bytes = Array(html.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"), let end = lineBreakEnd(bytes, from: index) {
        output.append(0x0A)
        index = end
      } else if byte == UInt8(ascii: "&"), let (scalar, end) = entity(bytes, from: index) {
        output.append(contentsOf: String(Character(scalar)).utf8)
        index = end
      } else {
        output.append(byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Text from a review written as HTML paragraphs (BookWyrm's): paragraphs separated by a
  /// blank line, `<br>` a line break, every other tag dropped, entities as characters.
  static func paragraphs(_ html: String) -> String {
    guard html.utf8.contains(UInt8(ascii: "<")) else { return plain(html) }
    var text = ""
    var rest = Substring(html)
    while let open = rest.firstIndex(of: "<") {
      text += rest[..<open]
      // A tag starts with a letter or `/`; any other `<` (`1 < 2`) is text.
      let next = rest.index(after: open)
      guard next < rest.endIndex, rest[next].isLetter || rest[next] == "/" else {
        text += "<"
        rest = rest[next...]
        continue
      }
      guard let close = rest[open...].firstIndex(of: ">") else {
        rest = rest[open...]
        break
      }
      let tag = rest[rest.index(after: open)..<close].lowercased()
      if tag == "/p", !text.isEmpty {
        text += "\n\n"
      } else if tag.hasPrefix("br") {
        text += "<br>"  // read by `plain` below
      }
      rest = rest[rest.index(after: close)...]
    }
    text += rest
    return plain(text).trimmingWhitespace()
  }

  /// The index after a `<br>`, `<br/>` or `<br />` (any case) starting at `start`.
  private static func lineBreakEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    guard index + 1 < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "b"),
      bytes[index + 1] | 0x20 == UInt8(ascii: "r")
    else { return nil }
    index += 2
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return nil }
    return index + 1
  }

  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
  ]

  /// The character of an entity (`&amp;`, `&#39;`, `&#x2014;`) starting at `start`, and the
  /// index after it.
  private static func entity(_ bytes: [UInt8], from start: Int) -> (Unicode.Scalar, Int)? {
    guard let semicolon = bytes[(start + 1)...].prefix(10).firstIndex(of: UInt8(ascii: ";"))
    else { return nil }
    let name = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
    if let scalar = named[name] { return (scalar, semicolon + 1) }
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value =
      digits.first == "x" || digits.first == "X"
      ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
    return value.flatMap(Unicode.Scalar.init).map { ($0, semicolon + 1) }
  }
}
