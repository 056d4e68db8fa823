#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Date {
  /// The date as whole milliseconds since 1970: the precision bookclub stores and exports,
  /// so a date survives every round trip exactly.
  /// A date past what 64 bits of milliseconds hold (a library edited by hand) is held at the
  /// end of the range rather than trapping.
  public var milliseconds: Int64 {
    let value = (timeIntervalSince1970 * 1000).rounded()
    if value.isNaN { return 0 }
    if value >= 0x1p63 { return .max }
    if value < -0x1p63 { return .min }
    return Int64(value)
  }

  /// A date from whole milliseconds since 1970.
  public init(milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// The same date, rounded to the millisecond.
  public var roundedToMilliseconds: Date { Date(milliseconds: milliseconds) }
}
