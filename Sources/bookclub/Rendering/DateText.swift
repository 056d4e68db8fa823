import Foundation
import ReadingModel

/// Dates as bookclub shows them to people: in the local time zone, to the minute or day.
@MainActor
enum DateText {
  /// `2024-05-12 14:03`
  static func minute(_ date: Date) -> String { minuteFormatter.string(from: date) }

  /// `2024-05-12`
  static func day(_ date: Date) -> String { dayFormatter.string(from: date) }

  // Made once: a history or a note list formats a date per row.
  private static let minuteFormatter = formatter("yyyy-MM-dd HH:mm")
  private static let dayFormatter = formatter("yyyy-MM-dd")

  private static func formatter(_ pattern: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = pattern
    formatter.isLenient = false
    return formatter
  }

  /// Parses a date a person typed: `2024-05-12`, `2024-05-12 14:03`, `2024-05-12T14:03`,
  /// an ISO 8601 time in UTC, `today` or `yesterday`. Days without a time mean noon.
  ///
  /// - Returns: `nil` when `text` is none of these.
  static func parse(_ text: String, now: Date) -> Date? {
    let text = text.trimmingCharacters(in: .whitespaces)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    switch text.lowercased() {
    case "today": return now
    case "yesterday": return calendar.date(byAdding: .day, value: -1, to: now)
    default: break
    }
    if let milliseconds = InterchangeDate.parse(text) { return Date(milliseconds: milliseconds) }
    for pattern in [
      "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd",
    ] {
      let formatter = formatter(pattern)
      guard let date = formatter.date(from: text), formatter.string(from: date) == text else {
        continue
      }
      return pattern == "yyyy-MM-dd" ? calendar.date(byAdding: .hour, value: 12, to: date) : date
    }
    return nil
  }
}
