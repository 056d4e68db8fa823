#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A day on the calendar, with no time or time zone: what exports mean by "Date Read".
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// - Returns: `nil` for a day that does not exist.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `2023/05/23` (Goodreads, StoryGraph) or `2023-05-23` (ISO 8601).
  public init?(_ text: some StringProtocol) {
    if let (year, month, day) = Self.digitsAndSeparators(text.utf8) {
      self.init(year: year, month: month, day: day)
      return
    }
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "-" }
    guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The year, month and day of text made only of digits with a separator after the
  /// fourth and one more after one or two further digits (`2023/5/23`), read byte by byte:
  /// an import reads two dates a row. `nil` for any other text, which the general parse
  /// takes.
  private static func digitsAndSeparators(_ utf8: some Collection<UInt8>) -> (Int, Int, Int)? {
    var numbers = (0, 0, 0)
    var part = 0
    var digits = 0
    for byte in utf8 {
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") {
        guard part < 2, (part == 0 ? 4...4 : 1...2).contains(digits) else { return nil }
        part += 1
        digits = 0
        continue
      }
      guard (48...57).contains(byte), digits < (part == 0 ? 4 : 2) else { return nil }
      let value = Int(byte - 48)
      switch part {
      case 0: numbers.0 = numbers.0 * 10 + value
      case 1: numbers.1 = numbers.1 * 10 + value
      default: numbers.2 = numbers.2 * 10 + value
      }
      digits += 1
    }
    guard part == 2, digits > 0 else { return nil }
    return numbers
  }

  /// The day `days` after 1970-01-01 (before it when negative).
  public init(daysSinceEpoch days: Int) {
    let (year, month, day) = InterchangeDate.civilDate(fromDays: Int64(days))
    self.year = Int(year)
    self.month = Int(month)
    self.day = Int(day)
  }

  /// The UTC day an instant falls on.
  public init(utc date: Date) {
    self.init(daysSinceEpoch: Int(date.milliseconds.floorDivided(by: 86_400_000).quotient))
  }

  /// The day an instant falls on where the reader is (``TimeZoneRules/current``).
  public init(local date: Date) {
    self = LocalTime(date).day
  }

  /// The instant the day starts in UTC: exports give days, the library keeps instants.
  public var startInUTC: Date { Date(milliseconds: Int64(daysSinceEpoch) * 86_400_000) }

  /// `2023-05-23`
  public var description: String { format(separator: "-") }

  /// The day written with `separator` between year, month and day.
  public func format(separator: String) -> String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return "\(year)\(separator)\(pad(month))\(separator)\(pad(day))"
  }

  /// Days since 1970-01-01.
  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = CalendarDay(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a day like 2023-05-23")
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  private static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
