/// What JSON's escapes stand for: shared by the two parsers (the general ``JSONParser`` and
/// the flat ``StringMapJSON``).
enum JSONEscape {
  /// The byte a one-letter escape (`\n`, `\"`, ...) stands for; `nil` for `u` and for a
  /// letter that is no escape.
  static func byte(after backslash: UInt8) -> UInt8? {
    switch backslash {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): backslash
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }

  /// The scalar of a `\u` escape, or of a surrogate pair's two halves.
  ///
  /// - Returns: `nil` when `high` opens a pair that `low` does not close, or the code is
  ///   no character.
  static func scalar(_ high: UInt32, low: UInt32?) -> Unicode.Scalar? {
    guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) }
    guard let low, (0xDC00..<0xE000).contains(low) else { return nil }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
  }

  /// Whether a `\u` code opens a surrogate pair (a second `\u` must follow).
  static func isHighSurrogate(_ code: UInt32) -> Bool { (0xD800..<0xDC00).contains(code) }
}
