#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A moment as the reader's clock shows it (the zone of `TZ` or `/etc/localtime`, see
/// ``TimeZoneRules``): a day and the minute of that day. Made with arithmetic and the zone's
/// offset, no formatter, so showing a history of thousands of entries costs no more than
/// reading it.
public struct LocalTime: Sendable, Hashable {
  public let day: CalendarDay
  /// Minutes since midnight, 0 to 1439.
  public let minuteOfDay: Int

  public init(day: CalendarDay, minuteOfDay: Int) {
    self.day = day
    self.minuteOfDay = minuteOfDay
  }

  /// The local day and minute of an instant.
  public init(_ date: Date, in zone: TimeZoneRules = .current) {
    let offset = Int64(zone.secondsFromGMT(for: date)) * 1000
    let (sum, overflow) = date.milliseconds.addingReportingOverflow(offset)
    let local = overflow ? (offset < 0 ? Int64.min : .max) : sum
    let (days, time) = local.floorDivided(by: 86_400_000)
    self.day = CalendarDay(daysSinceEpoch: Int(days))
    self.minuteOfDay = Int(time / 60_000)
  }

  /// The instant this local time names, or `nil` when the clock skips it (a change to
  /// summer time).
  public func date(in zone: TimeZoneRules = .current) -> Date? {
    let asUTC = Int64(day.daysSinceEpoch) * 86_400_000 + Int64(minuteOfDay) * 60_000
    // The zone's offset at the instant found with the offset of a first guess.
    let guess = Date(
      milliseconds: asUTC - Int64(zone.secondsFromGMT(for: Date(milliseconds: asUTC))) * 1000)
    let date = Date(milliseconds: asUTC - Int64(zone.secondsFromGMT(for: guess)) * 1000)
    return LocalTime(date, in: zone) == self ? date : nil
  }

  /// `2024-05-12 14:03`
  public var description: String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return "\(day) \(pad(minuteOfDay / 60)):\(pad(minuteOfDay % 60))"
  }

  /// Reads `2024-05-12 14:03`, `2024-05-12T14:03`, `2024-05-12T14:03:27` or `2024-05-12`
  /// (noon).
  public init?(_ text: some StringProtocol) {
    let text = String(text)
    guard text.count >= 10, let day = CalendarDay(text.prefix(10)),
      text.prefix(10).allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
    else { return nil }
    let rest = text.dropFirst(10)
    if rest.isEmpty {
      self.init(day: day, minuteOfDay: 12 * 60)
      return
    }
    guard let separator = rest.first, separator == " " || separator == "T" else { return nil }
    let clock = rest.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
    // Seconds are read and left out: bookclub keeps times to the minute people type.
    guard
      clock.count == 2
        || (clock.count == 3 && separator == "T" && clock[2].count == 2
          && Int(clock[2]).map { (0..<60).contains($0) } == true),
      clock[0].count == 2, clock[1].count == 2,
      let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour),
      (0..<60).contains(minute)
    else { return nil }
    self.init(day: day, minuteOfDay: hour * 60 + minute)
  }
}

extension CalendarDay {
  /// When the day begins on the reader's clock: midnight, or the first quarter hour after
  /// it that the clock shows where a change to summer time skips midnight.
  ///
  /// - Parameter zone: The reader's time zone.
  public func start(in zone: TimeZoneRules = .current) -> Date {
    for minute in stride(from: 0, to: 24 * 60, by: 15) {
      if let date = LocalTime(day: self, minuteOfDay: minute).date(in: zone) { return date }
    }
    return startInUTC
  }
}
