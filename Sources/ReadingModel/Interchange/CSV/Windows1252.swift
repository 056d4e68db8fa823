/// Windows-1252, the encoding older Windows exports were written in: Latin-1 with
/// punctuation (curly quotes, dashes, `€`) in 0x80–0x9F.
enum Windows1252 {
  /// The characters of 0x80–0x9F; the five codes the encoding leaves unused stand for
  /// themselves, as Windows reads them.
  private static let high: [Unicode.Scalar] = [
    "\u{20AC}", "\u{81}", "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
    "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", "\u{8D}", "\u{017D}", "\u{8F}",
    "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
    "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", "\u{9D}", "\u{017E}", "\u{0178}",
  ]

  /// Decodes `bytes`: every byte is a character.
  static func text(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.reserveCapacity(bytes.count)
    for byte in bytes {
      scalars.append(
        (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : Unicode.Scalar(byte))
    }
    return String(scalars)
  }
}
