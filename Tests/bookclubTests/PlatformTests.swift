import Foundation
import Testing

@testable import bookclub

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The platform layer (Sources/bookclub/Platform): terminal size and settings on a
/// pseudo-terminal the test opens, the running program's path, and children.
@Suite struct PlatformTests {
  /// Whether this machine makes pseudo-terminals the way ``withTerminal(_:)`` asks.
  static let hasTerminals = FileManager.default.fileExists(atPath: "/dev/ptmx")

  /// A pseudo-terminal pair (Linux's `/dev/ptmx`; glibc hides `posix_openpt` from Swift),
  /// closed at the end of `body`.
  private func withTerminal(_ body: (_ terminal: Int32) throws -> Void) throws {
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(controller >= 0)
    defer { close(controller) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(controller, 0x4004_5431, &unlock) == 0)  // TIOCSPTLCK
    try #require(ioctl(controller, 0x8004_5430, &number) == 0)  // TIOCGPTN
    let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    defer { close(terminal) }
    try body(terminal)
  }

  @Test(.enabled(if: Self.hasTerminals)) func terminalSizeIsWhatTheTerminalSays() throws {
    try withTerminal { terminal in
      var size = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
      try #require(ioctl(terminal, UInt(TIOCSWINSZ), &size) == 0)
      #expect(TerminalSize.of(terminal) == TerminalSize(columns: 101, rows: 33))
    }
    let devNull = open("/dev/null", O_RDONLY)
    defer { close(devNull) }
    #expect(TerminalSize.of(devNull) == nil)
  }

  @Test(.enabled(if: Self.hasTerminals)) func settingsChangeAndComeBack() throws {
    try withTerminal { terminal in
      let original = try #require(TerminalSettings.of(terminal))
      #expect(original.keyByKey.apply(to: terminal))
      var now = termios()
      tcgetattr(terminal, &now)
      #expect(now.c_lflag & tcflag_t(ICANON | ECHO) == 0)
      #expect(now.c_lflag & tcflag_t(ISIG) != 0)
      #expect(original.raw.apply(to: terminal))
      tcgetattr(terminal, &now)
      #expect(now.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
      #expect(now.c_iflag & tcflag_t(IXON | ICRNL) == 0)
      #expect(original.apply(to: terminal, .afterOutputDiscardingInput))
      tcgetattr(terminal, &now)
      #expect(now.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == tcflag_t(ICANON | ECHO | ISIG))
    }
    let devNull = open("/dev/null", O_RDONLY)
    defer { close(devNull) }
    #expect(TerminalSettings.of(devNull) == nil)
  }

  @Test func runningExecutableIsThisProcess() throws {
    let path = try #require(RunningExecutable.path())
    #expect(path.hasPrefix("/"))
    #expect(access(path, X_OK) == 0)
  }

  @Test func captureCollectsBothStreamsAndTheStatus() throws {
    let (termination, output) = try ChildProcess.capture(
      ["/bin/sh", "-c", "echo out; echo err >&2; read line || echo no-input; exit 3"],
      environment: [:])
    #expect(termination == .exited(3))
    #expect(output == "out\nerr\nno-input\n")
  }

  @Test func runReportsSignalsAndMissingPrograms() throws {
    #expect(
      try ChildProcess.run(["/bin/sh", "-c", "kill -TERM $$"], environment: [:])
        == .signalled(SIGTERM))
    #expect(throws: ChildProcess.SpawnError.self) {
      try ChildProcess.run(["/nonexistent/program"], environment: [:])
    }
  }
}
