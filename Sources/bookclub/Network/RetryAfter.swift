#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A server's `Retry-After`, which it may give as seconds or as an HTTP date, and which
/// comes from a stranger: a negative, garbled or past value says nothing, and an absurd one
/// is held to a day.
enum RetryAfter {
  /// The longest wait a server is believed about.
  static let longest = 86_400

  /// The seconds to wait that `value` says, from `now` (seconds since 1970) for a date.
  ///
  /// - Returns: `nil` when it says nothing usable (negative, not a number or a date, past).
  static func seconds(_ value: String, now: Int = Int(time(nil))) -> Int? {
    let text = value.trimmingWhitespace()
    if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return Int(text).map { min($0, longest) } ?? longest  // digits past Int's end: absurd
    }
    guard let date = HTTPDate.secondsSince1970(text) else { return nil }
    let wait = date - now
    return wait >= 0 ? min(wait, longest) : nil
  }

  /// `seconds` as a person says it: "in 30 seconds", "in 5 minutes", "in 3 hours".
  static func phrase(_ seconds: Int) -> String {
    switch seconds {
    case 0: "now"
    case 1: "in 1 second"
    case ..<120: "in \(seconds) seconds"
    case ..<7200: "in \((seconds + 59) / 60) minutes"
    default: "in \((seconds + 3599) / 3600) hours"
    }
  }
}
