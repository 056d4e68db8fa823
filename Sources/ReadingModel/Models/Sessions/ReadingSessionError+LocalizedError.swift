#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ReadingSessionError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .noTime(let seconds):
      "A session needs some time read, not \(seconds) seconds: give it as 45m, 1h20m or 1:20."
    case .tooLong(let seconds):
      "A session is at most a day (24h), not \(seconds / 3600)h \(seconds % 3600 / 60)m: "
        + "log each day's reading as its own session."
    case .pageOutOfRange(let page):
      "Page \(page) is no page of a book: give one from 0 to \(StoredValue.pageCounts.upperBound)."
    case .pagesBackwards(let first, let last):
      "A session cannot end on page \(last), before the page it began on (\(first))."
    case .notFound(let id):
      "No session has the id '\(id)'. 'bookclub progress show <book>' lists them with their ids."
    }
  }
}
