#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Date {
  /// The date as whole milliseconds since 1970: the precision bookclub stores and exports,
  /// so a date survives every round trip exactly.
  public var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

  /// A date from whole milliseconds since 1970.
  public init(milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// The same date, rounded to the millisecond.
  public var roundedToMilliseconds: Date { Date(milliseconds: milliseconds) }
}
