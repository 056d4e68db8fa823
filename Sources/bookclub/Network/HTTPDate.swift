/// The dates of HTTP headers (RFC 9110, 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, and the
/// obsolete `Sunday, 06-Nov-94 08:49:37 GMT` and `Sun Nov  6 08:49:37 1994`, all in UTC.
enum HTTPDate {
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// The seconds since 1970 that `text` names.
  ///
  /// - Returns: `nil` when it is not one of the three forms or not a real moment.
  static func secondsSince1970(_ text: String) -> Int? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
      .map { $0.lowercased() }
    guard (5...6).contains(words.count),
      let month = words.lazy.compactMap({ months.firstIndex(of: $0) }).first,
      let clock = words.first(where: { $0.contains(":") }).map(time(of:)) ?? nil
    else { return nil }
    let numbers = words.filter { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    guard numbers.count == 2, let day = Int(numbers[0]), var year = Int(numbers[1]),
      numbers[1].count == 2 || numbers[1].count == 4
    else { return nil }
    if numbers[1].count == 2 { year += year < 70 ? 2000 : 1900 }
    guard (1...daysIn(month + 1, of: year)).contains(day) else { return nil }
    return daysSince1970(year: year, month: month + 1, day: day) * 86_400 + clock
  }

  /// `hh:mm:ss` as seconds into the day.
  private static func time(of text: String) -> Int? {
    let parts = text.split(separator: ":").map { Int($0) }
    guard parts.count == 3, let hour = parts[0], let minute = parts[1], let second = parts[2],
      (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
    else { return nil }
    return hour * 3600 + minute * 60 + second
  }

  private static func daysIn(_ month: Int, of year: Int) -> Int {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  }

  /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
