/// Where a book stands in a series: `1`, `1.5` (a novella between the first and the
/// second), `0` (a prequel), or a range `1-3` (an omnibus of the first three).
///
/// The text is kept as it was given (canonical: no leading zeros, `-` between the ends);
/// ``order`` sorts the books of a series.
public struct SeriesPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The first place it covers.
  public let first: Double
  /// The last place it covers; `first` when it is not a range.
  public let last: Double
  /// `1`, `1.5` or `1-3`.
  public let description: String

  /// The largest place a series can have: a long-running series has a few hundred books, a
  /// place of `1e9` is a mistake, not a series.
  public static let largest = 99_999.0

  /// Reads `1`, `#1`, `1.5`, `01`, `1-3` or `1–3` (an en dash, as Goodreads writes some).
  ///
  /// - Parameter text: The place, with or without a leading `#`.
  /// - Returns: `nil` for anything else: a negative place, an exponent, more than two
  ///   decimals' worth of digits, a range that runs backwards or above ``largest``.
  public init?(_ text: some StringProtocol) {
    var text = text.trimmingWhitespace()
    if text.first == "#" { text = text.dropFirst().trimmingWhitespace() }
    let ends = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
    guard ends.count == 1 || ends.count == 2,
      let first = Self.number(ends[0].trimmingWhitespace()),
      let last = ends.count == 2 ? Self.number(ends[1].trimmingWhitespace()) : first,
      first.value <= last.value
    else { return nil }
    self.first = first.value
    self.last = last.value
    description = ends.count == 2 ? "\(first.text)-\(last.text)" : first.text
  }

  /// A place of digits with at most one decimal point: `3`, `3.5`, `0.1`; its value and
  /// its canonical text (no leading zeros, no trailing point).
  private static func number(_ text: String) -> (value: Double, text: String)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 5,
      whole.allSatisfy(\.isASCIIDigit)
    else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.count <= 3, fraction.allSatisfy(\.isASCIIDigit),
      parts.count == 1 || !fraction.isEmpty
    else { return nil }
    let significant = whole.drop { $0 == "0" }
    let wholeText = significant.isEmpty ? "0" : String(significant)
    let canonical = fraction.isEmpty ? wholeText : "\(wholeText).\(fraction)"
    guard let value = Double(canonical), value <= largest else { return nil }
    return (value, canonical)
  }

  /// Sorts by first place, then by last: `1`, `1-3`, `1.5`, `2`.
  public var order: Double { first }

  public static func < (lhs: SeriesPosition, rhs: SeriesPosition) -> Bool {
    (lhs.first, lhs.last) < (rhs.first, rhs.last)
  }
}
