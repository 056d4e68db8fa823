/// The stats area: one read transaction over ``StatsTables``.
extension SQLiteLibrary {
  /// The stats of `year`, or of all time when `nil`, in one read transaction.
  ///
  /// - Parameter zone: The reader's time zone: progress counts on the day it was local.
  public func stats(year: Int?, zone: TimeZoneRules = .current) throws -> ReadingStats {
    try reading(orIfMissing: ReadingStats(year: year)) {
      try StatsTables(connection: $0).stats(year: year, zone: zone)
    }
  }
}
