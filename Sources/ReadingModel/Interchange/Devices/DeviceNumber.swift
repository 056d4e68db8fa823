/// Numbers as devices write them in their text: `3054`, `1,234` or `1.234` with a
/// thousands separator, ranges `755-756`, `1024-25` (the end abbreviated) or `904–905`.
enum DeviceNumber {
  /// The largest number read: past it a file is not a book's.
  static let largest = 100_000_000

  /// The number that starts at `start`.
  ///
  /// - Returns: The number and where it ends; `nil` when no ASCII digit is there, or the
  ///   number is past ``largest``.
  static func read(in scalars: [Unicode.Scalar], at start: Int) -> (Int, Int)? {
    guard start < scalars.count, isDigit(scalars[start]) else { return nil }
    var value = 0
    var index = start
    while index < scalars.count {
      if isDigit(scalars[index]) {
        value = value * 10 + Int(scalars[index].value - 0x30)
        guard value <= largest else { return nil }
        index += 1
      } else if scalars[index] == "," || scalars[index] == ".", isGroup(scalars, index + 1) {
        index += 1
      } else {
        break
      }
    }
    return (value, index)
  }

  /// The number that ends just before `end` (`26ページ`).
  static func read(in scalars: [Unicode.Scalar], endingAt end: Int) -> (Int, Int)? {
    var start = end
    while start > 0, isDigit(scalars[start - 1]) { start -= 1 }
    guard start < end, let (value, after) = read(in: scalars, at: start), after == end else {
      return nil
    }
    return (value, start)
  }

  /// A number or a range of two, `-` or `–` between; an end with fewer digits than the start
  /// takes the start's first digits (`143-46` is 143 to 146). An end before the start (never
  /// written by a device) is read as the start alone.
  static func range(in scalars: [Unicode.Scalar], at start: Int) -> ClosedRange<Int>? {
    guard let (first, afterFirst) = read(in: scalars, at: start) else { return nil }
    guard afterFirst < scalars.count, scalars[afterFirst] == "-" || scalars[afterFirst] == "–",
      let (written, afterSecond) = read(in: scalars, at: afterFirst + 1)
    else { return first...first }
    let digits = afterSecond - afterFirst - 1
    var last = written
    let firstDigits = String(first).count
    if digits < firstDigits {
      var scale = 1
      for _ in 0..<digits { scale *= 10 }
      last = first / scale * scale + written
      if last < first { last += scale }
    }
    return last >= first ? first...last : first...first
  }

  /// Three digits, then no digit: the group after a thousands separator.
  private static func isGroup(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
    guard start + 3 <= scalars.count else { return false }
    guard scalars[start..<start + 3].allSatisfy(isDigit) else { return false }
    return start + 3 == scalars.count || !isDigit(scalars[start + 3])
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    (0x30...0x39).contains(scalar.value)
  }
}
