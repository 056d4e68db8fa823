import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads single key presses from a terminal on stdin, without waiting for Enter or echoing.
///
/// The terminal's settings are restored after each key, and also when the process is
/// interrupted in between (see ``InterruptHandler``).
enum KeyReader {
  /// What a key press asks for.
  enum Key: Equatable {
    case next
    case quit
  }

  /// The terminal settings to put back if the process is interrupted while a key is awaited.
  static let savedSettings = Mutex<termios?>(nil)

  /// Waits for space or Enter (next) or `q`, Escape or end of input (quit); other keys are
  /// ignored.
  static func waitForKey() -> Key {
    InterruptHandler.install()  // Ctrl-C must put the terminal back
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return .quit }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    savedSettings.withLock { $0 = original }
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    defer {
      tcsetattr(STDIN_FILENO, TCSANOW, &original)
      savedSettings.withLock { $0 = nil }
    }
    while true {
      var byte: UInt8 = 0
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return .quit }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return .next
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x1B, 0x04: return .quit
      default: continue
      }
    }
  }

  /// Puts back the terminal settings saved by a pending ``waitForKey()``, if any.
  static func restoreTerminal() {
    savedSettings.withLock { saved in
      if var settings = saved { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
    }
  }
}
