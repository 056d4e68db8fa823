#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Takes the terminal for a full-screen program (raw keys, the alternate screen, no cursor,
/// bracketed paste) and gives it back exactly as it was: on a normal exit, on Ctrl-C, on
/// SIGTERM, and on a crash, from a signal handler.
enum ScreenGuard {
  /// The settings before ``enter()``, while the screen is taken. Read by signal handlers,
  /// which can take no lock; written only on the main thread with those signals' handlers
  /// not yet installed or the screen not taken.
  nonisolated(unsafe) private static var saved: TerminalSettings?

  /// Turns bracketed paste off, shows the cursor, resets styles, leaves the alternate screen.
  private static let leaveSequence: StaticString =
    "\u{1B}[?2004l\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l"
  private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J"

  /// Whether the screen is taken.
  static var isActive: Bool { saved != nil }

  /// Takes the terminal: raw input (no echo, no line editing, Ctrl-C and Ctrl-Z as keys),
  /// the alternate screen, a hidden cursor, bracketed paste.
  ///
  /// - Returns: `false` when stdin is not a terminal whose settings can be changed.
  @MainActor
  static func enter() -> Bool {
    guard let original = TerminalSettings.of(STDIN_FILENO) else { return false }
    saved = original
    installCrashHandlers()
    guard original.raw.apply(to: STDIN_FILENO) else {
      saved = nil
      return false
    }
    send(enterSequence)
    return true
  }

  /// Gives the terminal back as it was before ``enter()``.
  @MainActor
  static func leave() {
    restore()
    saved = nil
  }

  /// Puts the terminal back without forgetting it was taken: for a signal handler, or
  /// before an editor runs. Uses only async-signal-safe calls.
  static func restore() {
    guard let settings = saved else { return }
    leaveSequence.withUTF8Buffer { bytes in
      _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
    }
    settings.apply(to: STDIN_FILENO, .afterOutputDiscardingInput)
  }

  /// Takes the terminal again after ``restore()`` (an editor ran, the process was stopped).
  @MainActor
  static func reenter() {
    guard isActive else { return }
    saved = nil
    _ = enter()
  }

  /// Writes `text` to stdout, whole.
  ///
  /// - Returns: `false` when the terminal cannot be written (it is gone: EIO, EPIPE).
  @discardableResult
  static func send(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written < 0, errno == EAGAIN {  // a terminal another program made non-blocking
          var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
          guard poll(&ready, 1, 1000) > 0 else { return false }
          continue
        }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// The handlers there were before ``installCrashHandlers()``, by signal number (Swift's
  /// backtracer's among them), so a crash still reports as it would have.
  nonisolated(unsafe) private static var previousActions: [sigaction] = Array(
    repeating: .init(), count: 32)
  nonisolated(unsafe) private static var crashHandlersInstalled = false

  /// On a crash (a trap, a bad access, an abort), the terminal is put back first, then the
  /// handler from before runs.
  private static func installCrashHandlers() {
    guard !crashHandlersInstalled else { return }
    crashHandlersInstalled = true
    for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      var action = sigaction { signalNumber in
        ScreenGuard.restore()
        sigaction(signalNumber, &ScreenGuard.previousActions[Int(signalNumber)], nil)
        raise(signalNumber)
      }
      sigaction(signalNumber, &action, &previousActions[Int(signalNumber)])
    }
  }
}
