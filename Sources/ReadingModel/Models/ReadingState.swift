/// Where a reader stands with a book as a whole: its status, its readings (read-throughs)
/// and how many times it was finished. Recording a position or setting a status moves it;
/// the rules live here, once, for every command.
///
/// - The first position above 0 starts a reading; reaching 100% finishes it (with the
///   day), and counts the read.
/// - Progress on a finished or abandoned book is either a re-read (a new reading) or a
///   correction of the last one (it is reopened): the reader says which.
/// - Abandoning ends the current reading as given up.
/// - Pausing keeps the current reading open; progress or `reading` picks it up again.
public struct ReadingState: Sendable, Equatable {
  public var status: ReadingStatus
  public var readings: [ReadingPeriod]
  public var readCount: Int?

  /// What progress on a finished or abandoned book means.
  public enum Reread: Sendable, Equatable {
    /// A new reading, from the start.
    case reread
    /// The last reading goes on (it was finished or abandoned by mistake).
    case sameReading
  }

  /// The reader must say whether this is a re-read.
  public struct RereadUndecided: Error, Equatable, Sendable {
    /// The book's status: finished or abandoned.
    public var status: ReadingStatus
  }

  public init(status: ReadingStatus, readings: [ReadingPeriod], readCount: Int?) {
    self.status = status
    self.readings = readings
    self.readCount = readCount
  }

  /// The reading going on, if any.
  public var currentReading: ReadingPeriod? { openIndex.map { readings[$0] } }

  private var openIndex: Int? { readings.lastIndex { $0.end == nil && !$0.abandoned } }

  /// Readings that ended in a finish.
  private var finishedReadings: Int { readings.filter { $0.end != nil && !$0.abandoned }.count }

  /// After the newest position, `fraction`, recorded on `day`.
  ///
  /// - Throws: ``RereadUndecided`` for progress on a finished or abandoned book without
  ///   `reread`; nothing changes then.
  public mutating func record(_ fraction: Double, on day: CalendarDay, reread: Reread?)
    throws(RereadUndecided)
  {
    if status == .finished || status == .abandoned {
      try resume(on: day, reread: reread)
    }
    if fraction > 0, openIndex == nil { readings.append(ReadingPeriod(start: day)) }
    if fraction > 0, status == .wantToRead || status == .paused { status = .reading }
    if fraction >= 1 { finish(on: day) }
  }

  /// After the status is set to `newStatus` on `day`. (A book is finished by recording
  /// 100%: ``record(_:on:reread:)``.)
  public mutating func set(_ newStatus: ReadingStatus, on day: CalendarDay, reread: Reread?)
    throws(RereadUndecided)
  {
    switch newStatus {
    case .abandoned:
      if let index = openIndex {
        readings[index].end = day
        readings[index].abandoned = true
      } else if status != .abandoned {
        readings.append(ReadingPeriod(end: day, abandoned: true))
      }
    case .reading:
      if status == .finished || status == .abandoned { try resume(on: day, reread: reread) }
      if openIndex == nil { readings.append(ReadingPeriod(start: day)) }
    case .paused:
      // Put aside a book that was done with: the reader says whether it is a re-read, as
      // for reading it; a reading that is open stays open.
      if status == .finished || status == .abandoned { try resume(on: day, reread: reread) }
    case .finished:
      if status != .finished { finish(on: day) }
    case .wantToRead:
      break
    }
    status = newStatus
  }

  /// A finished or abandoned book is read again: a new reading, or the last one reopened.
  private mutating func resume(on day: CalendarDay, reread: Reread?) throws(RereadUndecided) {
    guard let reread else { throw RereadUndecided(status: status) }
    switch reread {
    case .reread:
      readings.append(ReadingPeriod(start: day))
    case .sameReading:
      if let last = readings.indices.last {
        if !readings[last].abandoned, readings[last].end != nil, let count = readCount {
          readCount = max(0, count - 1)  // that finish is taken back
        }
        readings[last].end = nil
        readings[last].abandoned = false
      } else {
        readings.append(ReadingPeriod())
      }
    }
    status = .reading
  }

  /// Ends the current reading finished on `day` (one without a start when none is open),
  /// and counts it.
  private mutating func finish(on day: CalendarDay) {
    let before = max(readCount ?? 0, finishedReadings)
    if let index = openIndex {
      readings[index].end = day
    } else {
      readings.append(ReadingPeriod(end: day))
    }
    readCount = before + 1
    status = .finished
  }
}
