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

/// A line typed at the terminal, waited for without blocking the main actor: Ctrl-C ends
/// the wait (rather than bookclub), and something can be drawn each second meanwhile.
enum TerminalLine {
  /// Waits for a line on stdin, drawing `draw(seconds)` each second meanwhile.
  ///
  /// - Parameters:
  ///   - since: When the time counted from.
  ///   - draw: Draws the time so far.
  /// - Returns: The line typed; `nil` when Ctrl-C stopped it or stdin ended.
  @MainActor
  static func wait(since: Date, draw: @escaping @Sendable (Int) -> Void) async -> String? {
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

  /// Asks a question on stderr and waits for the answer.
  ///
  /// - Returns: The line typed, without surrounding spaces; `nil` for Ctrl-C or the end of
  ///   input.
  @MainActor
  static func ask(_ question: String, on errors: TextOutput) async -> String? {
    errors.write(question)
    errors.flush()
    guard let answer = await wait(since: Date(), draw: { _ in }) else {
      errors.line("")
      return nil
    }
    return answer.trimmingWhitespace()
  }
}
