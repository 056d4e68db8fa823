/// Dates as bookclub writes them in files and `--json`: UTC, ISO 8601, to the millisecond
/// (`2024-03-05T18:30:00.000Z`). Written and read by hand so the round trip is exact and fast.
public enum InterchangeDate {
  /// Formats a date.
  ///
  /// - Parameter milliseconds: Milliseconds since 1970 (see `Date.milliseconds`).
  /// - Returns: `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC.
  public static func format(milliseconds: Int64) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(milliseconds: milliseconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the formatted date's UTF-8 bytes: the fast path for writers that stream (two
  /// dates for every book of `list --all --json`).
  public static func append(milliseconds: Int64, to bytes: inout [UInt8]) {
    let (days, msOfDay) = milliseconds.floorDivided(by: 86_400_000)
    let (year, month, day) = civilDate(fromDays: days)
    let seconds = msOfDay / 1000
    // Made on the stack and appended at once: a byte at a time, the array checked its room
    // and its owner two dozen times a date.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
      text[4] = UInt8(ascii: "-")
      putPair(month, in: text, at: 5)
      text[7] = UInt8(ascii: "-")
      putPair(day, in: text, at: 8)
      text[10] = UInt8(ascii: "T")
      putPair(seconds / 3600, in: text, at: 11)
      text[13] = UInt8(ascii: ":")
      putPair(seconds / 60 % 60, in: text, at: 14)
      text[16] = UInt8(ascii: ":")
      putPair(seconds % 60, in: text, at: 17)
      text[19] = UInt8(ascii: ".")
      let millis = msOfDay % 1000
      text[20] = UInt8(48 + millis / 100)
      putPair(millis % 100, in: text, at: 21)
      text[23] = UInt8(ascii: "Z")
      if (0...9999).contains(year) {
        putPair(year / 100, in: text, at: 0)
        putPair(year % 100, in: text, at: 2)
        bytes.append(contentsOf: text)
      } else {
        appendYear(year, to: &bytes)
        bytes.append(contentsOf: text[4...])
      }
    }
  }

  /// Two digits of a number from 0 to 99 at `index` (divisions by constants:
  /// multiplications).
  private static func putPair(
    _ value: Int64, in text: UnsafeMutableBufferPointer<UInt8>, at index: Int
  ) {
    text[index] = UInt8(48 + value / 10)
    text[index + 1] = UInt8(48 + value % 10)
  }

  /// A year outside 0...9999: at least four digits, with its sign.
  private static func appendYear(_ year: Int64, to bytes: inout [UInt8]) {
    if year < 0 { bytes.append(UInt8(ascii: "-")) }
    let digits = String(year.magnitude)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - digits.count)))
    bytes.append(contentsOf: digits.utf8)
  }

  /// Parses `yyyy-MM-ddTHH:mm:ss[.SSS]Z` (UTC only).
  ///
  /// - Returns: Milliseconds since 1970, or `nil` when `text` has another shape or an
  ///   impossible date.
  public static func parse(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// Parses `yyyy-MM-ddTHH:mm:ss[.SSS]Z` (UTC only) from its bytes: a club's first read
  /// parses a time on every one of millions of lines, and makes no string for it.
  ///
  /// - Returns: Milliseconds since 1970, or `nil` for another shape or an impossible date.
  static func parse<Bytes: RandomAccessCollection<UInt8>>(utf8 bytes: Bytes) -> Int64?
  where Bytes.Index == Int {
    let count = bytes.count
    guard count == 20 || count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
    let base = bytes.startIndex
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for offset in range {
        let byte = bytes[base + offset]
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      return value
    }
    guard bytes[base + 4] == UInt8(ascii: "-"), bytes[base + 7] == UInt8(ascii: "-"),
      bytes[base + 10] == UInt8(ascii: "T"), bytes[base + 13] == UInt8(ascii: ":"),
      bytes[base + 16] == UInt8(ascii: ":"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var millis: Int64 = 0
    if count == 24 {
      guard bytes[base + 19] == UInt8(ascii: "."), let fraction = number(20..<23) else {
        return nil
      }
      millis = fraction
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // Howard Hinnant's days_from_civil and civil_from_days.
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = y.floorDivided(by: 400).quotient
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = z.floorDivided(by: 146_097).quotient
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
