#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AudioLengthError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notUnderstood(let text):
      "'\(text)' is not a length. Give hours and minutes, as 11:42 (or 11:42:05 with seconds)."
    case .zero: "A length of 0:00 is no recording. Give its hours and minutes, as 11:42."
    case .tooLong(let text):
      "'\(text)' is longer than any recording; a length is at most 9999:59:59."
    }
  }
}
