#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times a reading session at a terminal: the time read so far on one line of stderr,
/// redrawn each second (``TerminalLine/wait(since:draw:)``), until Enter (or Ctrl-C, which
/// stops the timer rather than bookclub). The terminal stays as it is (lines, echo), so
/// nothing needs putting back.
enum ReadingTimer {
  /// `0:00:05`, `1:12:31`.
  static func clock(_ seconds: Int) -> String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(seconds / 3600):\(pad(seconds % 3600 / 60)):\(pad(seconds % 60))"
  }
}
