#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The alternate screen of `list`'s pager, as `less` uses it: each page is drawn over the
/// one before, so going back or forward adds nothing to the terminal's scrollback, and the
/// screen from before the list comes back when the pager ends. Ctrl-C, SIGTERM and SIGHUP
/// leave it too.
@MainActor
final class PagerScreen {
  private static let enterSequence = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
  private nonisolated static let leaveSequence: StaticString = "\u{1B}[?1049l"
  /// Cursor home, screen cleared: the start of a page drawn in place.
  static let clearSequence = "\u{1B}[H\u{1B}[2J"

  private let output: TextOutput
  private var interruptCleanup: Int?

  /// Switches to the alternate screen.
  init(output: TextOutput) {
    self.output = output
    InterruptHandler.endOnTerminationToo()
    interruptCleanup = InterruptHandler.cleanUpOnInterrupt {
      Self.leaveSequence.withUTF8Buffer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
    output.write(Self.enterSequence)
  }

  /// Puts the screen from before back; once.
  func leave() {
    guard let cleanup = interruptCleanup else { return }
    interruptCleanup = nil
    output.write(Self.leaveSequence.description)
    output.flush()
    InterruptHandler.forgetCleanup(cleanup)
  }

  /// Whether a page of `rows` rows, its header and the prompt fit a terminal `height` rows
  /// tall (unknown: no): a taller page is printed into the scrollback instead.
  static func fits(rows: Int, height: Int?, environment: [String: String]) -> Bool {
    guard let height, (environment["TERM"] ?? "") != "dumb" else { return false }
    return rows + 2 <= height
  }
}
