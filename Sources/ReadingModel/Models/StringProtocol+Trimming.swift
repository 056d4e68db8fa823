extension StringProtocol {
  /// The text without the whitespace and line breaks at either end (any Unicode space, not
  /// only ASCII: a non-breaking space pasted from a web page goes too).
  ///
  /// - Returns: The trimmed text; empty when the text is only whitespace.
  public func trimmingWhitespace() -> String {
    // Text that starts and ends with a visible ASCII character (most of what imports trim)
    // has nothing to trim, and is not walked character by character to learn it.
    if let first = first?.asciiValue, let last = last?.asciiValue, Self.isVisibleASCII(first),
      Self.isVisibleASCII(last)
    {
      return String(self)
    }
    return trimming { $0.isWhitespace }
  }

  private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

  /// The text without the characters at either end that `isTrimmed` accepts.
  ///
  /// - Parameter isTrimmed: Whether a character at an end goes.
  /// - Returns: The text between the first and last characters that stay.
  public func trimming(while isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }),
      let last = lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(self[first...last])
  }
}
