#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Error {
  /// What went wrong, in a sentence for a person: the error's own description when it has
  /// one (every bookclub error does), else how Swift prints it.
  ///
  /// `localizedDescription` would do this, but it comes with the whole of Foundation.
  public var explanation: String {
    (self as? any LocalizedError)?.errorDescription ?? String(describing: self)
  }
}
