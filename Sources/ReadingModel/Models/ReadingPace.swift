#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How fast a book is being read: over the last 14 days of the reading going on, or over the
/// whole of a finished reading.
public struct ReadingPace: Sendable, Equatable {
  /// The window of entries pace is measured over, ending at the newest entry.
  public static let window: TimeInterval = 14 * 86_400

  /// What the pace was measured over.
  public enum Span: String, Sendable, Equatable {
    /// The 14 days that end with the newest position of the reading going on.
    case recent
    /// A finished reading, from its start to its finish.
    case finishedReading
  }

  /// Fraction of the book per day.
  public let fractionPerDay: Double
  /// Pages per day, when the book's page count is known.
  public let pagesPerDay: Double?
  /// Minutes of the recording per day, for a book read by time (an audiobook).
  public let minutesPerDay: Double?
  /// When the book would be finished at this pace; `nil` when finished, not moving, or not
  /// before the year 10000.
  public let estimatedFinish: Date?
  public let span: Span

  /// Measures pace over the 14 days that end with the newest position: from where the
  /// reader was when they began (the last position before them, or 0 where the reading
  /// started before its first position) to the newest position. A step back is a
  /// correction of what came before it, not reading: the newest position counts, not the
  /// steps to it.
  ///
  /// - Parameters:
  ///   - positions: Positions in time order.
  ///   - started: When the reading started, if known; a start before the first position
  ///     is a position at 0.
  /// - Returns: `nil` with nothing to measure from in that window, or less than an hour
  ///   between where it is measured from and the newest position, which says nothing
  ///   about a daily pace.
  public init?(
    positions entries: [ReadingProgress.Entry], pageCount: Int?, length: AudioLength? = nil,
    started: Date? = nil
  ) {
    guard let last = entries.last, let first = entries.first else { return nil }
    let windowStart = last.time.addingTimeInterval(-Self.window)
    var points = entries.map { (progress: $0.progress, time: $0.time) }
    if let started, started < first.time { points.insert((0, started), at: 0) }
    let from: (progress: Double, time: Date)
    if let before = points.last(where: { $0.time <= windowStart }) {
      from = (before.progress, windowStart)
    } else {
      from = points[0]
    }
    let days = last.time.timeIntervalSince(from.time) / 86_400
    guard days >= 1.0 / 24 else { return nil }
    self.init(
      perDay: max(0, last.progress - from.progress) / max(days, 1), at: last,
      pageCount: pageCount, length: length, span: .recent)
  }

  /// The pace of a finished reading: the whole book over the days from its start to its
  /// finish.
  ///
  /// - Returns: `nil` when the two are less than an hour apart.
  public init?(
    finishedReadingFrom started: Date, to finished: Date, pageCount: Int?,
    length: AudioLength? = nil
  ) {
    let days = finished.timeIntervalSince(started) / 86_400
    guard days >= 1.0 / 24 else { return nil }
    self.init(
      perDay: 1 / max(days, 1), at: ReadingProgress.Entry(progress: 1, time: finished),
      pageCount: pageCount, length: length, span: .finishedReading)
  }

  private init(
    perDay: Double, at last: ReadingProgress.Entry, pageCount: Int?, length: AudioLength?,
    span: Span
  ) {
    fractionPerDay = perDay
    pagesPerDay = pageCount.map { perDay * Double($0) }
    minutesPerDay = length.map { perDay * Double($0.seconds) / 60 }
    self.span = span
    let remainingDays = perDay > 0 && last.progress < 1 ? (1 - last.progress) / perDay : nil
    // A pace so slow the book would be finished after the year 9999 gives no date.
    estimatedFinish = remainingDays.map { last.time.addingTimeInterval($0 * 86_400) }.flatMap {
      $0.milliseconds <= StoredValue.milliseconds.upperBound ? $0 : nil
    }
  }
}
