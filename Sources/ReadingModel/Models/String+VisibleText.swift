extension StringProtocol {
  /// Whether the text has a character a reader can see: anything but whitespace, control
  /// characters (NUL, ESC, DEL, C1) and invisible format characters (bidi overrides, joiners).
  /// A title or name without one would show as nothing, or as escapes alone.
  public var hasVisibleCharacters: Bool {
    unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .surrogate, .unassigned:
        false
      default: !scalar.properties.isWhitespace && !scalar.properties.isDefaultIgnorableCodePoint
      }
    }
  }
}
