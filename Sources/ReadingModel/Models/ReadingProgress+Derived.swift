#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Where a reader stands, derived from the history alone: shared by `CurrentlyReading` and
// by overviews of many books.
extension ReadingProgress {
  /// The newest position's fraction (by time: a back-dated entry does not move it); 0
  /// before the first, 1 for a finished book without entries.
  public func currentFraction(status: ReadingStatus) -> Double {
    positions.last?.progress ?? (status == .finished ? 1 : 0)
  }

  /// The reading going on, or the last one.
  public var currentReading: ReadingPeriod? { readings.last }

  /// The positions of the current reading: those since it started, and the positions at 0
  /// recorded before that (`progress set 0` on the day the reader began) since the reading
  /// before it ended.
  public var readingPositions: [Entry] {
    let positions = self.positions
    guard let start = currentReading?.start else { return positions }
    let previousEnd = readings.dropLast().last { $0.end != nil }?.end
    return positions.filter { entry in
      let day = CalendarDay(local: entry.time)
      return day >= start || previousEnd.map { day > $0 } ?? true
    }
  }

  /// When the current reading's first position above 0 was recorded.
  public var started: Date? { readingPositions.first { $0.progress > 0 }?.time }

  /// When the book was finished, if it stands finished: the 100% entry of its last reading,
  /// else noon of the finish day the readings give.
  public func finished(status: ReadingStatus) -> Date? {
    guard status == .finished else { return nil }
    let positions = readingPositions
    if let last = positions.last, last.progress >= 1 {
      let lastBelow = positions.lastIndex { $0.progress < 1 }
      return positions[lastBelow.map { $0 + 1 } ?? 0].time
    }
    return ReadingPeriod.lastFinish(readings).map { $0.startInUTC.addingTimeInterval(12 * 3600) }
  }

  /// Pages or percent per day over the last 14 days of the current reading.
  public func pace(pageCount: Int?) -> ReadingPace? {
    ReadingPace(positions: readingPositions, pageCount: pageCount)
  }
}
