#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's line settings (`termios`): read them, change how keys arrive, and put them
/// back. The one place bookclub sets raw modes; every call here is async-signal-safe, so a
/// signal handler may put settings back.
struct TerminalSettings: Sendable {
  /// The settings as the system holds them.
  private var values: termios

  /// When new settings take effect.
  enum Timing: Sendable {
    /// At once.
    case now
    /// Once output already written has gone out, discarding input not yet read.
    case afterOutputDiscardingInput
  }

  /// Reads the settings of the terminal on `descriptor`.
  ///
  /// - Parameter descriptor: An open file descriptor.
  /// - Returns: Its settings; `nil` when it is no terminal whose settings can be read.
  static func of(_ descriptor: Int32) -> TerminalSettings? {
    var values = termios()
    guard tcgetattr(descriptor, &values) == 0 else { return nil }
    return TerminalSettings(values: values)
  }

  /// Keys as they are typed: no line editing and no echo; signals and input translation
  /// as before (a pager's keys, a terminal's answer to a query).
  var keyByKey: TerminalSettings {
    var settings = self
    settings.values.c_lflag &= ~tcflag_t(ICANON | ECHO)
    return settings
  }

  /// Lines as before, with what is typed not shown: a secret asked at a prompt.
  var withoutEcho: TerminalSettings {
    var settings = self
    settings.values.c_lflag &= ~tcflag_t(ECHO)
    return settings
  }

  /// Raw, for a full-screen program: no echo, no line editing, Ctrl-C, Ctrl-Z and Ctrl-S
  /// as keys, Return as `\r`, and each read waits for one byte.
  var raw: TerminalSettings {
    var settings = self
    settings.values.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    settings.values.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
    withUnsafeMutableBytes(of: &settings.values.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    return settings
  }

  /// Gives the terminal on `descriptor` these settings.
  ///
  /// - Parameters:
  ///   - descriptor: The terminal's file descriptor.
  ///   - timing: When they take effect.
  /// - Returns: Whether the terminal took them.
  @discardableResult
  func apply(to descriptor: Int32, _ timing: Timing = .now) -> Bool {
    var values = self.values
    let action = timing == .now ? TCSANOW : TCSAFLUSH
    return tcsetattr(descriptor, action, &values) == 0
  }

  /// Discards what was typed on the terminal on `descriptor` and not read yet.
  ///
  /// - Parameter descriptor: The terminal's file descriptor.
  static func discardUnreadInput(of descriptor: Int32) {
    tcflush(descriptor, TCIFLUSH)
  }
}
