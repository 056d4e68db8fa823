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

  /// When the current reading started: the one answer to "since when", for the status
  /// line, `Started` and the pace. The reading's own start day where it has one (at the
  /// time of its first position above 0 when that is on the same day, else at the day's
  /// start), else when its first position above 0 was recorded.
  public var started: Date? {
    let firstPosition = readingPositions.first { $0.progress > 0 }?.time
    guard let day = currentReading?.start else { return firstPosition }
    if let firstPosition, CalendarDay(local: firstPosition) == day { return firstPosition }
    return day.start()
  }

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

  /// Pages or percent per day: over the last 14 days of the reading going on, over the
  /// whole of the last reading of a finished book (``ReadingPace/Span``), and none for a
  /// book that is not being read (a paused book's pace stops with it).
  ///
  /// - Parameters:
  ///   - pageCount: The pages positions count, for pages per day.
  ///   - length: The recording's length, for minutes per day of a book read by time.
  ///   - status: The book's status.
  public func pace(pageCount: Int?, length: AudioLength? = nil, status: ReadingStatus)
    -> ReadingPace?
  {
    switch status {
    case .reading:
      return ReadingPace(
        positions: readingPositions, pageCount: pageCount, length: length, started: started)
    case .finished:
      guard let started, let finished = finished(status: status) else { return nil }
      return ReadingPace(
        finishedReadingFrom: started, to: finished, pageCount: pageCount, length: length)
    case .wantToRead, .abandoned, .paused:
      return nil
    }
  }
}

extension ReadingProgress {
  /// ``pace(pageCount:length:status:)`` of `book`: pages per day of a book read by pages,
  /// minutes per day of one read by time.
  public func pace(of book: Book) -> ReadingPace? {
    pace(pageCount: book.countedPages, length: book.countedTime, status: book.status)
  }
}
