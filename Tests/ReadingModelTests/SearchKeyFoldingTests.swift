import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// `SearchKey.fold` folds without Foundation (whose folding loads ICU, and changes with it),
/// from tables `bookclub-folding-tables` generates from the Unicode data in unicode/. Where
/// Foundation folded a character otherwise, the Unicode data decides (listed below).
@Suite struct SearchKeyFoldingTests {
  @Test func everyCharacterFoldsAsFoundationFoldsItButTheListedOnes() throws {
    // The scripts up to U+2FFF, the halfwidth and fullwidth forms, and every character the
    // tables name.
    let named = Set(
      SearchKey.foldedCharacters.keys + SearchKey.foldedMarks.flatMap { Array($0) })
    let checked = FoundationFolding.allScalars.filter { scalar in
      let value = scalar.value
      return (value <= 0x2FFF || (0xFF00...0xFFEF).contains(value) || named.contains(value))
        && !Self.changedFromFoundation.contains { $0.contains(value) }
    }
    var differences: [String] = []
    for scalar in checked {
      for text in [String(scalar), "a" + String(scalar)]
      where SearchKey.fold(text) != FoundationFolding.fold(text) {
        differences.append(String(scalar.value, radix: 16))
      }
    }
    #expect(differences.isEmpty, "folded differently: \(differences.prefix(20))")
  }

  /// Where the Unicode data folds otherwise than Foundation (Swift 6.3, Linux) did, compared
  /// as Swift compares strings (canonical equivalents are equal): precomposed letters whose
  /// marks Foundation kept (Arabic hamza and madda, Indic nukta and two-part vowels, Tibetan,
  /// Balinese, Hebrew presentation forms, kana with (semi-)voiced marks, negated math
  /// symbols, musical symbols); Cherokee, which case folding folds to capitals; the Cyrillic
  /// letter variants U+1C80...U+1C88; halfwidth Hangul, which now folds to the usual jamo
  /// and not to conjoining ones; U+FFE3; and letters of Unicode 16, which the Unicode 15.0
  /// data leaves as they are.
  static let changedFromFoundation: [ClosedRange<UInt32>] = [
    0x622...0x626, 0x6C0...0x6C0, 0x6C2...0x6C2, 0x6D3...0x6D3, 0x929...0x929, 0x931...0x931,
    0x934...0x934, 0x958...0x95F, 0x9CB...0x9CC, 0x9DC...0x9DD, 0x9DF...0x9DF, 0xA33...0xA33,
    0xA36...0xA36, 0xA59...0xA5B, 0xA5E...0xA5E, 0xB48...0xB48, 0xB4B...0xB4C, 0xB5C...0xB5D,
    0xB94...0xB94, 0xBCA...0xBCC, 0xC48...0xC48, 0xCC0...0xCC0, 0xCC7...0xCC8, 0xCCA...0xCCB,
    0xD4A...0xD4C, 0xDDA...0xDDA, 0xDDC...0xDDE, 0xF43...0xF43, 0xF4D...0xF4D, 0xF52...0xF52,
    0xF57...0xF57, 0xF5C...0xF5C, 0xF69...0xF69, 0xF73...0xF73, 0xF75...0xF76, 0xF78...0xF78,
    0xF81...0xF81, 0xF93...0xF93, 0xF9D...0xF9D, 0xFA2...0xFA2, 0xFA7...0xFA7, 0xFAC...0xFAC,
    0xFB9...0xFB9, 0x1026...0x1026, 0x13A0...0x13F5, 0x13F8...0x13FD, 0x1B06...0x1B06,
    0x1B08...0x1B08, 0x1B0A...0x1B0A, 0x1B0C...0x1B0C, 0x1B0E...0x1B0E, 0x1B12...0x1B12,
    0x1B3B...0x1B3B, 0x1B3D...0x1B3D, 0x1B40...0x1B41, 0x1B43...0x1B43, 0x1C80...0x1C89,
    0x1FCD...0x1FCF, 0x1FDD...0x1FDF, 0x219A...0x219B, 0x21AE...0x21AE, 0x21CD...0x21CF,
    0x2204...0x2204, 0x2209...0x2209, 0x220C...0x220C, 0x2224...0x2224, 0x2226...0x2226,
    0x2241...0x2241, 0x2244...0x2244, 0x2247...0x2247, 0x2249...0x2249, 0x2262...0x2262,
    0x226D...0x226D, 0x2270...0x2271, 0x2274...0x2275, 0x2278...0x2279, 0x2280...0x2281,
    0x2284...0x2285, 0x2288...0x2289, 0x22AC...0x22AF, 0x22E0...0x22E3, 0x22EA...0x22ED,
    0x2ADC...0x2ADC, 0x304C...0x304C, 0x304E...0x304E, 0x3050...0x3050, 0x3052...0x3052,
    0x3054...0x3054, 0x3056...0x3056, 0x3058...0x3058, 0x305A...0x305A, 0x305C...0x305C,
    0x305E...0x305E, 0x3060...0x3060, 0x3062...0x3062, 0x3065...0x3065, 0x3067...0x3067,
    0x3069...0x3069, 0x3070...0x3071, 0x3073...0x3074, 0x3076...0x3077, 0x3079...0x307A,
    0x307C...0x307D, 0x3094...0x3094, 0x309E...0x309E, 0x30AC...0x30AC, 0x30AE...0x30AE,
    0x30B0...0x30B0, 0x30B2...0x30B2, 0x30B4...0x30B4, 0x30B6...0x30B6, 0x30B8...0x30B8,
    0x30BA...0x30BA, 0x30BC...0x30BC, 0x30BE...0x30BE, 0x30C0...0x30C0, 0x30C2...0x30C2,
    0x30C5...0x30C5, 0x30C7...0x30C7, 0x30C9...0x30C9, 0x30D0...0x30D1, 0x30D3...0x30D4,
    0x30D6...0x30D7, 0x30D9...0x30DA, 0x30DC...0x30DD, 0x30F4...0x30F4, 0x30F7...0x30FA,
    0x30FE...0x30FE, 0xA7CB...0xA7CC, 0xA7CE...0xA7CE, 0xA7D2...0xA7D2, 0xA7D4...0xA7D4,
    0xA7DA...0xA7DA, 0xA7DC...0xA7DC, 0xAB70...0xABBF, 0xFB1D...0xFB1D, 0xFB1F...0xFB1F,
    0xFB2A...0xFB36, 0xFB38...0xFB3C, 0xFB3E...0xFB3E, 0xFB40...0xFB41, 0xFB43...0xFB44,
    0xFB46...0xFB4E, 0xFFA0...0xFFBE, 0xFFC2...0xFFC7, 0xFFCA...0xFFCF, 0xFFD2...0xFFD7,
    0xFFDA...0xFFDC, 0xFFE3...0xFFE3, 0x10D50...0x10D65, 0x1109A...0x1109A, 0x1109C...0x1109C,
    0x110AB...0x110AB, 0x1112E...0x1112F, 0x1134B...0x1134C, 0x114BB...0x114BC, 0x114BE...0x114BE,
    0x115BA...0x115BB, 0x11938...0x11938, 0x16EA0...0x16EB8, 0x1D15E...0x1D164, 0x1D1BB...0x1D1C0,
  ]

  @Test func wordsWithAccentsFoldAsFoundationFoldsThem() {
    // Letters of the Latin, Greek and Cyrillic alphabets, precomposed or followed by
    // combining accents, among spaces.
    let letters =
      Array(0x41...0x7A) + Array(0xC0...0x17F) + Array(0x386...0x3CE)
      + Array(0x400...0x45F) + [0x20, 0x20, 0x09, 0x3000, 0xFF21, 0xFB01, 0xDF, 0x130]
    let marks = Array(0x300...0x36F)
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<20_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        text.append(Unicode.Scalar(UInt32(letters.randomElement(using: &generator)!))!)
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
          text.append(Unicode.Scalar(UInt32(marks.randomElement(using: &generator)!))!)
        }
      }
      let word = String(text)
      #expect(SearchKey.fold(word) == FoundationFolding.fold(word), "\(word.unicodeScalars)")
    }
  }

  @Test func foldsWhatPeopleType() {
    #expect(SearchKey.fold("  Émile\u{3000}ou  De l’éducation ") == "emile ou de l’education")
    #expect(SearchKey.fold("STRASSE Straße") == "strasse strasse")
    #expect(SearchKey.fold("Ｔｏｌｓｔｏｊ Лев Толстой") == "tolstoj лев толстои")
    #expect(SearchKey.fold("Cafe\u{301}") == "cafe")
  }

  /// Keys are compared as bytes (SQLite, dictionaries of keys): canonically equivalent
  /// texts must fold to the same scalars, not only to equal Swift strings.
  @Test func canonicalEquivalentsFoldToTheSameScalars() {
    let pairs = [
      ("\u{E9}", "e\u{301}"), ("\u{304C}", "\u{304B}\u{3099}"), ("\u{1FB3}", "\u{3B1}\u{345}"),
      ("\u{F900}", "\u{8C48}"), ("\u{212B}", "A\u{30A}"), ("\u{622}", "\u{627}\u{653}"),
      ("ΟΔΟΣ", "οδος"), ("\u{AB70}", "\u{13A0}"), ("\u{FFA1}", "\u{3131}"),
    ]
    for (precomposed, decomposed) in pairs {
      #expect(
        Array(SearchKey.fold(precomposed).unicodeScalars)
          == Array(SearchKey.fold(decomposed).unicodeScalars),
        "\(precomposed.unicodeScalars) \(decomposed.unicodeScalars)")
    }
  }

  @Test func whiteSpaceIsUnicodesWhiteSpace() {
    #expect(SearchKey.fold("\u{85}Ä\u{2028}b\u{A0}\u{202F}c\u{3000}") == "a b c")
    #expect(SearchKey.fold("Ä\u{200B}b") == "a\u{200B}b")  // zero width space is no White_Space
    #expect(SearchKey.fold("\u{301}Ä") == "\u{301}a")  // a mark that starts the text stays
    #expect(SearchKey.fold(" \u{301}Ä") == "a")
  }

  @Test func theFoldingVersionNamesTheUnicodeVersionAndTheRules() {
    #expect(SearchKey.unicodeVersion == "15.0.0")
    #expect(SearchKey.foldingVersion == "unicode-15.0.0/rules-\(SearchKey.ruleRevision)")
  }
}

/// Foundation's folding, which the tables were once made from.
private enum FoundationFolding {
  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .lowercased()
    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Every assigned character past ASCII but the ideographs and Hangul syllables, which
  /// fold to their own lower case (so much was checked over all of Unicode once; leaving
  /// them out keeps the suite fast).
  static var allScalars: some Sequence<Unicode.Scalar> {
    let skipped: [ClosedRange<UInt32>] = [
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x20000...0x2EBEF, 0x30000...0x3134F,
    ]
    return (UInt32(0x80)...0x10_FFFF).lazy
      .filter { value in !skipped.contains { $0.contains(value) } }
      .compactMap(Unicode.Scalar.init)
      .filter { ![.unassigned, .privateUse, .surrogate].contains($0.properties.generalCategory) }
  }
}
