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
/// redrawn each second, until Enter (or Ctrl-C, which stops the timer rather than bookclub).
/// The terminal stays as it is (lines, echo), so nothing needs putting back.
enum ReadingTimer {
  /// Waits for a line on stdin, drawing `draw(seconds)` each second meanwhile.
  ///
  /// - Parameters:
  ///   - since: When the time counted from.
  ///   - draw: Draws the time so far.
  /// - Returns: The line typed; `nil` when Ctrl-C stopped it or stdin ended.
  @MainActor
  static func waitForLine(since: Date, draw: @escaping @Sendable (Int) -> Void) async -> String? {
    let line = try? await InterruptHandler.cancellable {
      while !Task.isCancelled {
        draw(Int(Date().timeIntervalSince(since)))
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 1000)
        if ready < 0, errno == EINTR { continue }
        if ready > 0 { return Self.readLine() }
      }
      return nil
    }
    return line ?? nil
  }

  /// The line stdin has ready (the terminal gives whole lines); `nil` at its end.
  private nonisolated static func readLine() -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(STDIN_FILENO, &byte, 1) == 1 {
      if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
      if bytes.count > 4096 { break }
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// `0:00:05`, `1:12:31`.
  static func clock(_ seconds: Int) -> String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(seconds / 3600):\(pad(seconds % 3600 / 60)):\(pad(seconds % 60))"
  }
}
