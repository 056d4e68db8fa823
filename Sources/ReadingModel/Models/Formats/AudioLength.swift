/// How long an audiobook plays, to the second: `11:42` (hours and minutes) or `11:42:05`.
/// Where the reader is in it is a fraction of it, as pages are of a page count, so notes,
/// clubs and the spoiler shield compare a listener with a reader.
public struct AudioLength: Sendable, Hashable, Comparable, Codable {
  /// The longest length kept: ten thousand hours, far past any recording.
  public static let longest = 10_000 * 3_600 - 1

  /// At least 1, at most ``longest``.
  public let seconds: Int

  /// - Returns: `nil` outside 1 second to ``longest``.
  public init?(seconds: Int) {
    guard (1...Self.longest).contains(seconds) else { return nil }
    self.seconds = seconds
  }

  /// Reads a length as ``text`` writes it: `H:MM` or `H:MM:SS`, hours any number of digits.
  ///
  /// - Throws: ``AudioLengthError`` saying what is wrong.
  public init(parsing text: String) throws(AudioLengthError) {
    guard let seconds = Self.seconds(in: text) else { throw .notUnderstood(text) }
    guard seconds > 0 else { throw .zero }
    guard let length = AudioLength(seconds: seconds) else { throw .tooLong(text) }
    self = length
  }

  /// The seconds `H:MM` or `H:MM:SS` names, or `nil` when it is not that form. Minutes and
  /// seconds are two digits below 60; hours at most seven digits (beyond them, checked
  /// arithmetic would still hold, but no length is that long).
  public static func seconds(in text: String) -> Int? {
    let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      let hours = parts.first, (1...7).contains(hours.count),
      hours.allSatisfy(\.isASCIIDigit), let hourCount = Int(hours)
    else { return nil }
    var total = hourCount * 3_600
    for (index, part) in parts.dropFirst().enumerated() {
      guard part.count == 2, part.allSatisfy(\.isASCIIDigit), let value = Int(part), value < 60
      else { return nil }
      total += value * (index == 0 ? 60 : 1)
    }
    return total
  }

  /// `11:42`, or `11:42:05` when the seconds are not whole minutes.
  public var text: String { Self.clock(seconds) }

  /// `3:25`: a time within a recording, seconds shown only when there are some.
  public static func clock(_ seconds: Int) -> String {
    let seconds = max(0, seconds)
    let minutes = String(seconds / 60 % 60)
    let clock = "\(seconds / 3_600):" + (minutes.count == 1 ? "0" + minutes : minutes)
    guard seconds % 60 != 0 else { return clock }
    let rest = String(seconds % 60)
    return clock + ":" + (rest.count == 1 ? "0" + rest : rest)
  }

  /// The time a fraction of the length reaches, to the second.
  public func time(at fraction: Double) -> Int {
    Int((StoredValue.fraction(fraction) * Double(seconds)).rounded())
  }

  /// Hours, with a tenth: how stats and goals count listening.
  public var hours: Double { Double(seconds) / 3_600 }

  public static func < (lhs: AudioLength, rhs: AudioLength) -> Bool { lhs.seconds < rhs.seconds }
}

/// Why a length was not taken.
public enum AudioLengthError: Error, Equatable, Sendable {
  /// Not `H:MM` or `H:MM:SS`.
  case notUnderstood(String)
  /// `0:00`: a recording has a length.
  case zero
  /// Longer than ``AudioLength/longest``.
  case tooLong(String)
}
