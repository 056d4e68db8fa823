/// The stats area: one read transaction over ``StatsTables``.
extension SQLiteLibrary {
  /// The stats of `year`, or of all time when `nil`, in one read transaction.
  ///
  /// - Parameters:
  ///   - zone: The reader's time zone: progress counts on the day it was local.
  ///   - countingEditions: Count each edition's reading, not one a work's overlapping ones.
  public func stats(
    year: Int?, zone: TimeZoneRules = .current, countingEditions: Bool = false
  ) throws -> ReadingStats {
    try reading(orIfMissing: ReadingStats(year: year)) {
      try StatsTables(connection: $0).stats(
        year: year, zone: zone, countingEditions: countingEditions)
    }
  }
}

extension SQLiteLibrary {
  /// The finished readings of `year` (all time when `nil`) grouped `by` tag, format,
  /// series, mood or author, the most books first, in one read transaction.
  public func statsGroups(by grouping: StatsGrouping, year: Int?) throws -> [StatsGroup] {
    try reading(orIfMissing: []) {
      try StatsTables(connection: $0).groups(by: grouping, year: year)
    }
  }
}
