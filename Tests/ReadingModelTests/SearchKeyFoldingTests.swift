import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// `SearchKey.fold` folds without Foundation (whose folding loads ICU), from tables this suite
/// derives from Foundation's own folding; keys written by earlier versions must still match.
/// `BOOKCLUB_WRITE_FOLDING_TABLES=<path>` writes the tables' source anew.
@Suite struct SearchKeyFoldingTests {
  @Test func everyCharacterFoldsAsFoundationFoldsIt() throws {
    if let path = ProcessInfo.processInfo.environment["BOOKCLUB_WRITE_FOLDING_TABLES"] {
      let source = FoundationFolding.source(FoundationFolding.tables())
      try source.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let tables = (
      folded: SearchKey.foldedCharacters.map { ($0.key, $0.value) }, marks: SearchKey.foldedMarks
    )
    // The scripts up to U+2FFF, the halfwidth and fullwidth forms, and every character the
    // tables name: the tables were made from all of Unicode.
    let named = Set(tables.folded.map(\.0) + tables.marks.flatMap { Array($0) })
    let checked = FoundationFolding.allScalars.filter {
      $0.value <= 0x2FFF || (0xFF00...0xFFEF).contains($0.value) || named.contains($0.value)
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
}

/// Foundation's folding, the oracle the tables are made from.
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

  /// Characters that fold to something else than their lower case, and the marks folded
  /// away after a letter.
  static func tables() -> (folded: [(UInt32, String)], marks: [ClosedRange<UInt32>]) {
    var folded: [(UInt32, String)] = []
    var marks: [ClosedRange<UInt32>] = []
    for scalar in allScalars where !Character(scalar).isWhitespace {
      let text = String(scalar)
      let result = fold(text)
      if result != text.lowercased() { folded.append((scalar.value, result)) }
      guard fold("a" + text) == "a" else { continue }
      if let last = marks.last, last.upperBound + 1 == scalar.value {
        marks[marks.count - 1] = last.lowerBound...scalar.value
      } else {
        marks.append(scalar.value...scalar.value)
      }
    }
    return (folded, marks)
  }

  static func source(_ tables: (folded: [(UInt32, String)], marks: [ClosedRange<UInt32>]))
    -> String
  {
    func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }
    func literal(_ text: String) -> String {
      "\""
        + text.unicodeScalars.map { "\\u{\(String($0.value, radix: 16, uppercase: true))}" }
        .joined() + "\""
    }
    var lines = [
      "// swift-format-ignore-file",
      "// Generated by SearchKeyFoldingTests from Foundation's folding (case, diacritics,",
      "// width); regenerate with BOOKCLUB_WRITE_FOLDING_TABLES=<this file> swift test",
      "// --filter SearchKeyFoldingTests.",
      "", "extension SearchKey {",
      "  /// Characters that fold to something else than their lower case, and what they fold to.",
      "  static let foldedCharacters: [UInt32: String] = [",
    ]
    lines += tables.folded.map { "    \(hex($0.0)): \(literal($0.1))," }
    lines += [
      "  ]", "",
      "  /// The marks folded away after a letter (accents, and marks of other scripts),",
      "  /// in increasing order.",
      "  static let foldedMarks: [ClosedRange<UInt32>] = [",
    ]
    lines += tables.marks.map { "    \(hex($0.lowerBound))...\(hex($0.upperBound))," }
    lines += ["  ]", "}", ""]
    return lines.joined(separator: "\n")
  }
}
