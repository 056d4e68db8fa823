#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--at <date>`: when something happened, never in the future.
@MainActor
enum DateOption {
  /// 1800-01-01T00:00:00Z: earlier dates are typing mistakes, not reading.
  static let earliest = Date(milliseconds: -5_364_662_400_000)

  /// A date as typed, and the day that words for a recent day named.
  struct Typed {
    let date: Date
    /// `(monday = 2026-11-30)` when the date was given in words, for stderr.
    let resolution: String?
  }

  /// The words the option's help gives for dates.
  static let forms = "2024-05-12, '2024-05-12 21:30', yesterday, '2 days ago', monday, last week"

  /// Reads the option `spec` as a date.
  ///
  /// - Throws: ``UsageError/invalidValue(_:for:allowed:)`` for text that is not a date or
  ///   a date in the future.
  static func value(_ spec: OptionSpec, in values: ParsedValues, now: Date = Date())
    throws(UsageError) -> Date?
  {
    try typed(spec, in: values, now: now)?.date
  }

  /// Reads the option `spec` as a date, with the day words named.
  ///
  /// - Throws: ``UsageError/invalidValue(_:for:allowed:)`` for text that is not a date or
  ///   a date in the future.
  static func typed(_ spec: OptionSpec, in values: ParsedValues, now: Date = Date())
    throws(UsageError) -> Typed?
  {
    guard let text = values.string(spec) else { return nil }
    guard let date = DateText.parse(text, now: now) else {
      throw .invalidValue(
        text, for: spec.display,
        allowed: "Use a date like 2024-05-12 or '2024-05-12 21:30', today, yesterday, "
          + "'3 days ago', a weekday (monday: the last one) or last week.")
    }
    guard date <= now.addingTimeInterval(60) else {
      throw .invalidValue(text, for: spec.display, allowed: "The date is in the future.")
    }
    guard date >= earliest else {
      throw .invalidValue(
        text, for: spec.display, allowed: "Reading is recorded from 1800 on.")
    }
    return Typed(date: date, resolution: DateText.resolution(of: text, now: now))
  }
}
