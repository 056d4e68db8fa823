#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AppliedChange {
  /// A change applied without the result its kind always has: a bug in bookclub. The change
  /// itself was made.
  public struct MissingResult: Error, Equatable, LocalizedError {
    /// What the command expected (`an edit`).
    public var wanted: String
    /// The outcome's kind that came instead (`trashed`).
    public var outcome: String

    public var errorDescription: String? {
      "Internal error: the change was made, but it did not report \(wanted) (it reported "
        + "\(outcome)). Please report this bug."
    }
  }
}
