/// What the browser's event loop reacts to, from every source, in one stream.
enum BrowserEvent: Sendable {
  case key(Key)
  /// The terminal changed size (SIGWINCH).
  case resize
  /// SIGTERM or SIGHUP: put the terminal back and end.
  case terminate
  /// stdin closed.
  case endOfInput
  /// Work finished outside a key press: a page, a detail, a write.
  case changed
  /// Time passed: spinners turn, notices move on.
  case tick
}
