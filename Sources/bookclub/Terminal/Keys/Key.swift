/// A key press, as a terminal reports it.
enum Key: Equatable, Sendable {
  /// Text typed: a letter, a digit, a space, an emoji.
  case character(Character)
  case enter, tab, backTab, backspace, escape
  case up, down, left, right, home, end, pageUp, pageDown, insert, delete
  /// Ctrl with a letter, lower-cased: Ctrl-D is `control("d")`.
  case control(Character)
  /// Text pasted while the terminal's bracketed paste mode was on, whole.
  case paste(String)
  /// A sequence this decoder does not name (a function key): consumed whole, so none of
  /// it is taken for typed text.
  case unknown
}
