#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How fast a book is being read, from its recent progress entries.
public struct ReadingPace: Sendable, Equatable {
  /// The window of entries pace is measured over, ending at the newest entry.
  public static let window: TimeInterval = 14 * 86_400

  /// Fraction of the book per day.
  public let fractionPerDay: Double
  /// Pages per day, when the book's page count is known.
  public let pagesPerDay: Double?
  /// When the book would be finished at this pace; `nil` when finished, not moving, or not
  /// before the year 10000.
  public let estimatedFinish: Date?

  /// Measures pace over the positions of the 14 days that end with the newest: the forward
  /// steps between them, so a step back (a correction, a back-dated entry) does not cancel
  /// the reading done around it.
  ///
  /// - Parameter positions: Positions in time order.
  /// - Returns: `nil` with fewer than two positions in that window, or less than an hour
  ///   between its first and last, which says nothing about a daily pace.
  public init?(positions entries: [ReadingProgress.Entry], pageCount: Int?) {
    guard let last = entries.last else { return nil }
    let windowStart = last.time.addingTimeInterval(-Self.window)
    let window = entries.filter { $0.time >= windowStart }
    guard let base = window.first, base != last else { return nil }
    let days = last.time.timeIntervalSince(base.time) / 86_400
    guard days >= 1.0 / 24 else { return nil }
    let forward = zip(window, window.dropFirst()).reduce(0.0) {
      $0 + max(0, $1.1.progress - $1.0.progress)
    }
    let perDay = forward / max(days, 1)
    fractionPerDay = perDay
    pagesPerDay = pageCount.map { perDay * Double($0) }
    let remainingDays = perDay > 0 && last.progress < 1 ? (1 - last.progress) / perDay : nil
    // A pace so slow the book would be finished after the year 9999 gives no date.
    estimatedFinish = remainingDays.map { last.time.addingTimeInterval($0 * 86_400) }.flatMap {
      $0.milliseconds <= StoredValue.milliseconds.upperBound ? $0 : nil
    }
  }
}
