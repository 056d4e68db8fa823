#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WorkLinkError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .itself: "A book is not another edition of itself: name two books."
    case .noWork(let id):
      "Book \(id) is an edition of no work yet. 'bookclub edition link \(id) <book>' links them."
    }
  }
}
