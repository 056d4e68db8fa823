#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Times read off a device, which are only as good as its clock: one never set says 1970,
/// a damaged file says anything.
public enum DeviceTime {
  /// The earliest time a device's record can have: e-readers kept none before 2000.
  public static let earliest = Date(milliseconds: 946_684_800_000)

  /// Whether `date` can be a time a reader read or marked something: from 2000 to a day
  /// after `now`.
  public static func isPlausible(_ date: Date, now: Date) -> Bool {
    date >= earliest && date <= now.addingTimeInterval(86_400)
  }

  /// The instant a device's local clock time names in `zone` (a time the change to summer
  /// time skipped is read an hour on, as the clock would have shown it).
  public static func date(day: CalendarDay, secondOfDay: Int, in zone: TimeZoneRules) -> Date {
    let minute = LocalTime(day: day, minuteOfDay: secondOfDay / 60)
    let start =
      minute.date(in: zone)
      ?? LocalTime(day: day, minuteOfDay: min(secondOfDay / 60 + 60, 1439)).date(in: zone)
      ?? day.startInUTC
    return start.addingTimeInterval(TimeInterval(secondOfDay % 60))
  }
}
