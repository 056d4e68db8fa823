import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dates as bookclub shows them to people: in the local time zone, to the minute or day.
enum DateText {
  /// `2024-05-12 14:03`
  static func minute(_ date: Date) -> String { LocalTime(date).description }

  /// `2024-05-12`
  static func day(_ date: Date) -> String { LocalTime(date).day.description }

  /// Parses a date a person typed: `2024-05-12`, `2024-05-12 14:03`, `2024-05-12T14:03`,
  /// an ISO 8601 time in UTC, `today` or `yesterday`. Days without a time mean noon.
  ///
  /// - Returns: `nil` when `text` is none of these, or a time the clock skips.
  static func parse(_ text: String, now: Date) -> Date? {
    let text = text.trimmingWhitespace()
    switch text.lowercased() {
    case "today": return now
    case "yesterday":
      // The same time on the day before, by the reader's clock.
      let today = LocalTime(now)
      return LocalTime(
        day: CalendarDay(daysSinceEpoch: today.day.daysSinceEpoch - 1),
        minuteOfDay: today.minuteOfDay
      ).date() ?? now.addingTimeInterval(-86_400)
    default: break
    }
    if let milliseconds = InterchangeDate.parse(text) { return Date(milliseconds: milliseconds) }
    return LocalTime(text)?.date()
  }
}
