#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BookValidationError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .emptyTitle: "A book needs a title."
    case .noAuthor: "A book needs at least one author: pass --author NAME."
    case .pageCountOutOfRange(let count):
      "A page count must be between 1 and 100000, not \(count)."
    }
  }
}
