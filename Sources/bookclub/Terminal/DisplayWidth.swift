/// How many terminal columns text takes, by grapheme cluster: 2 for East Asian Wide and
/// Fullwidth characters and for emoji shown as emoji, 0 for characters that draw nothing
/// (combining marks, zero-width and format characters, controls), 1 for the rest
/// (DESIGN.md section 8).
///
/// This is the one measure of width: the browser's grid, the padded columns of `list`
/// and every other aligned report use it. Measure text as it prints, after
/// TerminalText/safe(_:) has made controls visible, so an escape such as `\e` counts
/// as the two columns it prints.
enum DisplayWidth {
  /// The columns one grapheme cluster takes.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x7F, scalars.count == 1 { return first.value < 0x20 ? 0 : 1 }
    if showsAsEmoji(scalars, first: first) { return 2 }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return (0x1160...0x11FF).contains(first.value) ? 0 : 1  // lone Hangul vowels, finals
    }
  }

  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// Whether a cluster is drawn as an emoji picture: it holds a character that is an emoji
  /// by default (flags, skin tones and ZWJ sequences included), or it asks for the emoji
  /// form with U+FE0F, and it does not ask for the text form with U+FE0E.
  private static func showsAsEmoji(_ scalars: Character.UnicodeScalarView, first: Unicode.Scalar)
    -> Bool
  {
    if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
    return scalars.contains(where: { $0.properties.isEmojiPresentation })
      || scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji
  }

  /// Whether a character is East Asian Wide or Fullwidth (EastAsianWidth.txt, W and F, with
  /// unassigned code points inside wide blocks counted wide, as terminals do).
  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The wide ranges, in order (Unicode 14).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C,
    0xAC00...0xD7A3, 0xF900...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
    0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
    0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
    0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC,
    0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
    0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD,
  ]
}
