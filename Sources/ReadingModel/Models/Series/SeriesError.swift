#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a series name was not taken. (A place that is not one is `nil` from
/// ``SeriesPosition/init(_:)``: each caller words it for its own input.)
public enum SeriesError: Error, Equatable, Sendable {
  /// The name has nothing a reader can see.
  case emptyName
  /// The name is longer than ``SeriesPlace/longestName`` characters.
  case nameTooLong(Int)
  /// The name holds a control character (a line break, an escape).
  case controlCharacters
  /// The name ends in what reads as a place (`Room #9`): give the place apart.
  case nameEndsInPlace
}

extension SeriesError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .emptyName: "A series needs a name."
    case .nameTooLong(let count):
      "A series name is at most \(SeriesPlace.longestName) characters; this one has \(count)."
    case .controlCharacters: "A series name cannot hold line breaks or control characters."
    case .nameEndsInPlace:
      "A series name cannot end in a place like ' #2': give the place as a word of its own."
    }
  }
}
