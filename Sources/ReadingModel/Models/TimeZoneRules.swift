#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The reader's time zone, found as the C library finds it: `TZ`, else `/etc/localtime`.
///
/// bookclub links FoundationEssentials alone, whose `TimeZone.current` knows no zone but
/// UTC (the zone database comes with ICU, which bookclub leaves out). These rules read the
/// system's zone files themselves, so local days and times follow the reader's clock.
public struct TimeZoneRules: Sendable, Hashable {
  /// Seconds since 1970 at which the offset changes, ascending.
  private let transitions: [Int64]
  /// The offset from each transition on (seconds east of UTC).
  private let offsets: [Int]
  /// The offset before the first transition.
  private let initialOffset: Int
  /// The offset after the last transition, when the zone file says (or `TZ` is a rule).
  private let rule: PosixTimeZoneRule?

  init(transitions: [Int64], offsets: [Int], initialOffset: Int, rule: PosixTimeZoneRule?) {
    self.transitions = transitions
    self.offsets = offsets
    self.initialOffset = initialOffset
    self.rule = rule
  }

  /// UTC.
  public static let utc = TimeZoneRules(fixedOffset: 0)

  /// A zone always `seconds` east of UTC.
  public init(fixedOffset seconds: Int) {
    self.init(transitions: [], offsets: [], initialOffset: seconds, rule: nil)
  }

  /// A POSIX rule such as `EST5EDT,M3.2.0,M11.1.0`; `nil` for text that is not one.
  public init?(rule text: String) {
    guard let rule = PosixTimeZoneRule(text) else { return nil }
    self.init(transitions: [], offsets: [], initialOffset: rule.standardOffset, rule: rule)
  }

  /// The zone of a zone file: a path, or a name (`America/Los_Angeles`) in `directory`.
  ///
  /// - Returns: `nil` when there is no such file or it is not a zone file.
  public init?(named name: String, directory: String = Self.defaultDirectory) {
    guard !name.isEmpty else { return nil }
    let path = name.hasPrefix("/") ? name : directory + "/" + name
    guard let data = (try? SmallFile.read(path, limit: 1024 * 1024)) ?? nil else { return nil }
    self.init(tzif: [UInt8](data))
  }

  /// Where zone files are when `TZDIR` does not say.
  public static let defaultDirectory = "/usr/share/zoneinfo"

  /// The zone of this process, read once.
  public static let current = TimeZoneRules(environment: ProcessEnvironment.current())

  /// The zone the C library would use with this environment: `TZ` unset is
  /// `/etc/localtime`; `TZ` empty is UTC; `TZ=:name` or `TZ=name` is a zone file (in `TZDIR`
  /// or the system's folder); any other `TZ` is a POSIX rule. What cannot be read is UTC.
  public init(environment: [String: String]) {
    guard let tz = environment["TZ"] else {
      self = TimeZoneRules(named: "/etc/localtime") ?? .utc
      return
    }
    let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultDirectory
    self =
      TimeZoneRules(named: name, directory: directory)
      ?? (tz.hasPrefix(":") ? nil : TimeZoneRules(rule: tz)) ?? .utc
  }

  /// The offset from UTC, in seconds, at `date`.
  public func secondsFromGMT(for date: Date) -> Int {
    let second = date.milliseconds.floorDivided(by: 1000).quotient
    guard let last = transitions.last else { return rule?.offset(at: second) ?? initialOffset }
    if second >= last, let rule { return rule.offset(at: second) }
    // The last transition at or before `second`.
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) / 2
      if transitions[middle] <= second { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? initialOffset : offsets[low - 1]
  }
}
