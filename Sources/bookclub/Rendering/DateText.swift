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
  /// an ISO 8601 time in UTC, `today`, or a recent day in words (``RecentDay``: `yesterday`,
  /// `2 days ago`, `monday`, `last week`) at the time of day it is now. Days without a time
  /// mean noon.
  ///
  /// - Returns: `nil` when `text` is none of these, or a time the clock skips.
  static func parse(_ text: String, now: Date) -> Date? {
    let text = text.trimmingWhitespace()
    if text.lowercased() == "today" { return now }
    let today = LocalTime(now)
    if let day = RecentDay.day(text, today: today.day) {
      // The same time on that day, by the reader's clock.
      let back = Double(today.day.daysSinceEpoch - day.daysSinceEpoch)
      return LocalTime(day: day, minuteOfDay: today.minuteOfDay).date()
        ?? now.addingTimeInterval(-86_400 * back)
    }
    if let milliseconds = InterchangeDate.parse(text) { return Date(milliseconds: milliseconds) }
    return LocalTime(text)?.date()
  }

  /// `(monday = 2026-11-30)`: the day words for a recent day named, for the reader to check;
  /// `nil` for a date written out, or `today`.
  static func resolution(of text: String, now: Date) -> String? {
    let text = text.trimmingWhitespace()
    guard text.lowercased() != "today",
      let day = RecentDay.day(text, today: LocalTime(now).day)
    else { return nil }
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return "(\(TerminalText.safe(words)) = \(day))"
  }
}
