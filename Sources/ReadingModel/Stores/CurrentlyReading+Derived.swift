#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CurrentlyReading {
  /// The newest position's fraction; 0 before the first, 1 for a finished book without
  /// entries.
  public var currentFraction: Double {
    (progress.value ?? ReadingProgress()).currentFraction(status: book.status)
  }

  /// The page the reader is on, when the page count is known.
  public var currentPage: Int? {
    book.pageCount.map { Int((currentFraction * Double($0)).rounded()) }
  }

  /// The reading going on, or the last one.
  public var currentReading: ReadingPeriod? { progress.value?.currentReading }

  /// When the current reading started (``ReadingProgress/started``).
  public var started: Date? { progress.value?.started }

  /// When the book was finished, if it stands finished.
  public var finished: Date? { progress.value?.finished(status: book.status) }

  /// Pages or percent per day (``ReadingProgress/pace(pageCount:status:)``).
  public var pace: ReadingPace? {
    progress.value?.pace(pageCount: book.pageCount, status: book.status)
  }

  /// When the book will be finished at the current pace.
  public var estimatedFinish: Date? { pace?.estimatedFinish }
}
