/// A message for the reader that is an event, not state (seed 001): "progress went
/// backwards", "3 rows skipped".
public struct Notice: Sendable, Equatable {
  public enum Level: String, Sendable {
    case info
    case warning
  }

  public let level: Level
  public let message: String
  /// How many times the same message was pushed while it waited.
  public internal(set) var count: Int

  public init(_ message: String, level: Level = .info, count: Int = 1) {
    self.level = level
    self.message = message
    self.count = count
  }
}
