#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a book could not be put where it was asked in the Up Next queue.
public enum UpNextError: Error, Equatable, Sendable {
  /// The book named as the place (`--after 12`) is not in the queue.
  case notQueued(Book.ID)
  /// A book cannot go after or before itself.
  case besideItself
  /// No place was left between two books even after the queue was numbered again (a
  /// library another program wrote places into).
  case crowded
}

extension UpNextError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notQueued(let id):
      "Book \(id) is not in Up Next, so nothing can go beside it. 'bookclub next' lists the queue."
    case .besideItself: "A book cannot go after or before itself."
    case .crowded:
      "The queue has no room between those two books. Put the book first or last, then move it."
    }
  }
}
