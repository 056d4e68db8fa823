#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size a terminal says it has (`TIOCGWINSZ`): the one place bookclub asks.
struct TerminalSize: Equatable, Sendable {
  /// Columns; 0 when the terminal does not say.
  var columns: Int
  /// Rows; 0 when the terminal does not say.
  var rows: Int

  /// Asks the terminal on `descriptor` for its size.
  ///
  /// - Parameter descriptor: An open file descriptor, a terminal or not.
  /// - Returns: The size it says, zeros included; `nil` when it is no terminal.
  static func of(_ descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
