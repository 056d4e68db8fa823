#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HighlightError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .empty: "A quote needs its text."
    case .tooLong(let count):
      "A highlight or a quote is at most \(Highlight.longestText) characters; this one has \(count)."
    case .pageOutOfRange(let page):
      "Page \(page) is no page of a book: give one from 0 to \(StoredValue.pageCounts.upperBound)."
    case .notFound(let id):
      "No highlight has the id '\(id)'. 'bookclub highlights' lists them with their ids."
    }
  }
}
