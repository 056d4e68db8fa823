/// ANSI styles, applied only when the stream takes colour.
enum TextStyle: String {
  case bold = "1"
  case dim = "2"
  case red = "31"
  case green = "32"
  case yellow = "33"
  case blue = "34"
  case cyan = "36"

  /// `text` wrapped in this style's escape codes when `enabled`, else `text` as it is.
  func apply(_ text: String, enabled: Bool) -> String {
    enabled ? "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" : text
  }
}
