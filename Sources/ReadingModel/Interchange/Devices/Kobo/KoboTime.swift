#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The times a Kobo's database keeps: `2017-08-12T03:49:13` in UTC, with or without a
/// fraction of a second and a `Z` or an offset, or a space for the `T`; empty and
/// `0000-00-00…` for none.
enum KoboTime {
  static func date(_ text: String?) -> Date? {
    guard let text, text.count >= 19 else { return nil }
    let scalars = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= scalars.count else { return nil }
      var value = 0
      for byte in scalars[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      scalars[4] == 0x2D, scalars[7] == 0x2D, scalars[10] == 0x54 || scalars[10] == 0x20,
      let calendarDay = CalendarDay(year: year, month: month, day: day), hour < 24, minute < 60,
      second < 61
    else { return nil }
    var seconds =
      Int64(calendarDay.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    // An offset after the seconds (and any fraction): `+01:00` is an hour ahead of UTC.
    var index = 19
    if index < scalars.count, scalars[index] == 0x2E {
      index += 1
      while index < scalars.count, (0x30...0x39).contains(scalars[index]) { index += 1 }
    }
    if index < scalars.count, scalars[index] == 0x2B || scalars[index] == 0x2D,
      let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6)
    {
      let offset = Int64(hours * 3600 + minutes * 60)
      seconds += scalars[index] == 0x2B ? -offset : offset
    }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
