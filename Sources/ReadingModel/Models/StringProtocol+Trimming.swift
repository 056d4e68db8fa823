extension StringProtocol {
  /// The text without the whitespace and line breaks at either end (any Unicode space, not
  /// only ASCII: a non-breaking space pasted from a web page goes too).
  ///
  /// - Returns: The trimmed text; empty when the text is only whitespace.
  public func trimmingWhitespace() -> String {
    trimming { $0.isWhitespace }
  }

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
