/// What the browser's event loop reacts to, from every source, in one stream.
enum BrowserEvent: Equatable, Sendable {
  case key(Key)
  /// The terminal changed size (SIGWINCH).
  case resize
  /// SIGTERM: put the terminal back and end.
  case terminate
  /// SIGHUP, or the terminal is gone (stdin reads end of file or fails, the screen cannot
  /// be written): put back what can be and end.
  case hangUp
  /// Work finished outside a key press: a page, a detail, a write.
  case changed
  /// Time passed: spinners turn, notices move on.
  case tick
}
