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
  /// The key between two books would be longer than ``UpNextKey/longest`` (some thousand
  /// moves into one gap).
  case crowded
}

extension UpNextError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notQueued(let id):
      "Book \(id) is not in Up Next, so nothing can go beside it. 'bookclub next' lists the queue."
    case .besideItself: "A book cannot go after or before itself."
    case .crowded:
      "The queue has no more room between those two books. Move one of them, then try again."
    }
  }
}
