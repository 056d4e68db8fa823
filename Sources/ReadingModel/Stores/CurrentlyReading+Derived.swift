import Foundation

extension CurrentlyReading {
  /// The newest entry's fraction; 0 before the first, 1 for a finished book without
  /// entries.
  public var currentFraction: Double {
    guard let last = progress.value?.entries.last else { return book.status == .finished ? 1 : 0 }
    return last.progress
  }

  /// The page the reader is on, when the page count is known.
  public var currentPage: Int? {
    book.pageCount.map { Int((currentFraction * Double($0)).rounded()) }
  }

  /// When the first entry above 0 was recorded.
  public var started: Date? {
    progress.value?.entries.first { $0.progress > 0 }?.time
  }

  /// When the book was reached 100%, if it stands there now: the first entry of the last
  /// run of entries at 100%.
  public var finished: Date? {
    guard let entries = progress.value?.entries, entries.last?.progress ?? 0 >= 1 else {
      return nil
    }
    let lastBelow = entries.lastIndex { $0.progress < 1 }
    return entries[lastBelow.map { $0 + 1 } ?? 0].time
  }

  /// Pages or percent per day over the last 14 days of entries.
  public var pace: ReadingPace? {
    progress.value.flatMap { ReadingPace(progress: $0, pageCount: book.pageCount) }
  }

  /// When the book will be finished at the current pace.
  public var estimatedFinish: Date? { pace?.estimatedFinish }
}
