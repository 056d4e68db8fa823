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

  /// The page the reader is on, when the book is read by pages (``Book/extent``).
  public var currentPage: Int? {
    guard case .pages(let pages) = book.extent else { return nil }
    return Int((currentFraction * Double(pages)).rounded())
  }

  /// The seconds into the recording the listener is at, for a book read by time.
  public var currentTime: Int? {
    guard case .time(let length) = book.extent else { return nil }
    return length.time(at: currentFraction)
  }

  /// The reading going on, or the last one.
  public var currentReading: ReadingPeriod? { progress.value?.currentReading }

  /// When the current reading started (``ReadingProgress/started``).
  public var started: Date? { progress.value?.started }

  /// When the book was finished, if it stands finished.
  public var finished: Date? { progress.value?.finished(status: book.status) }

  /// Pages, minutes or percent per day (``ReadingProgress/pace(of:)``).
  public var pace: ReadingPace? {
    progress.value?.pace(of: book)
  }

  /// When the book will be finished at the current pace.
  public var estimatedFinish: Date? { pace?.estimatedFinish }
}
