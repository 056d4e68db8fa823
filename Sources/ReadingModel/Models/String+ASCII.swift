extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  ///
  /// Works on the UTF-8 bytes, not through Foundation: imports trim every field of every
  /// row, and Foundation's `trimmingCharacters(in:)` costs more than the rest of a row.
  var trimmed: String {
    let bytes = utf8
    guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }) else { return "" }
    let last = bytes.lastIndex(where: { !Self.isSpace($0) }) ?? first
    if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
    return String(self[first...last])
  }

  /// The items of a list kept as lines: split at line feeds, empty items left out. Byte by
  /// byte: every book read from the library splits its authors.
  var lineItems: [String] {
    guard utf8.contains(0x0A) else { return isEmpty ? [] : [self] }
    return utf8.split(separator: 0x0A).map { String(Substring($0)) }
  }

  /// Whether every character is ASCII.
  var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

extension Character {
  /// `0` to `9`, and no other script's digits.
  var isASCIIDigit: Bool { isASCII && isNumber }
}
