import Foundation

/// How fast a book is being read, from its recent progress entries.
public struct ReadingPace: Sendable, Equatable {
  /// The window of entries pace is measured over, ending at the newest entry.
  public static let window: TimeInterval = 14 * 86_400

  /// Fraction of the book per day.
  public let fractionPerDay: Double
  /// Pages per day, when the book's page count is known.
  public let pagesPerDay: Double?
  /// When the book would be finished at this pace; `nil` when finished or not moving.
  public let estimatedFinish: Date?

  /// Measures pace over the entries of the 14 days that end with the newest entry.
  ///
  /// - Returns: `nil` with fewer than two entries in that window, or less than an hour
  ///   between its first and last, which says nothing about a daily pace.
  public init?(progress: ReadingProgress, pageCount: Int?) {
    let entries = progress.entries
    guard let last = entries.last else { return nil }
    let windowStart = last.time.addingTimeInterval(-Self.window)
    guard let base = entries.first(where: { $0.time >= windowStart }), base != last else {
      return nil
    }
    let days = last.time.timeIntervalSince(base.time) / 86_400
    guard days >= 1.0 / 24 else { return nil }
    let perDay = (last.progress - base.progress) / max(days, 1)
    fractionPerDay = perDay
    pagesPerDay = pageCount.map { perDay * Double($0) }
    if perDay > 0, last.progress < 1 {
      let remainingDays = (1 - last.progress) / perDay
      estimatedFinish = last.time.addingTimeInterval(remainingDays * 86_400)
    } else {
      estimatedFinish = nil
    }
  }
}
