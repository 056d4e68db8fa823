/// How many terminal columns text takes: by grapheme cluster, 2 for East Asian wide and
/// emoji characters, 0 for characters that draw nothing (DESIGN.md section 8).
enum DisplayWidth {
  /// The columns one character takes.
  static func of(_ character: Character) -> Int {
    if character.isASCII { return 1 }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.properties.isEmojiPresentation })
      || scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji
    {
      return 2
    }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return 1
    }
  }

  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      true
    default: false
    }
  }
}
