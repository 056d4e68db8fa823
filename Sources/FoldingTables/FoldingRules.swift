/// How SearchKey folds one character, from the Unicode data (rule revision 1):
///
/// 1. width: a fullwidth or halfwidth form becomes its usual form (its `<wide>` or
///    `<narrow>` decomposition in UnicodeData.txt);
/// 2. accents: a character becomes its canonical decomposition, and the extending
///    characters (Grapheme_Cluster_Break=Extend: accents, other combining marks, variation
///    selectors, emoji modifiers) after its first character go;
/// 3. case: full case folding (CaseFolding.txt, statuses C and F);
///
/// repeated until nothing changes. At run time an extending character after any other goes
/// too, and White_Space separates words.
public struct FoldingRules: Sendable {
  /// What each character folds to, where that is not itself.
  public let folded: [UInt32: [UInt32]]
  /// The extending characters, dropped after another character.
  public let marks: [ClosedRange<UInt32>]
  /// The characters that separate words.
  public let whiteSpace: [ClosedRange<UInt32>]

  /// The rules the files give.
  ///
  /// - Throws: ``FoldingTableError/badLine(file:line:)`` for a line that does not read.
  public init(_ files: UnicodeDataFiles) throws {
    marks = try UnicodeDataParsing.ranges(
      files.graphemeExtend, property: "Extend", file: "GraphemeBreakProperty-Extend.txt")
    whiteSpace = try UnicodeDataParsing.ranges(
      files.whiteSpace, property: "White_Space", file: "PropList-White_Space.txt")
    let mappings = try Mappings(files)
    let marks = marks
    func isMark(_ value: UInt32) -> Bool { marks.contains { $0.contains(value) } }
    var folded: [UInt32: [UInt32]] = [:]
    for scalar in mappings.characters.sorted() {
      let result = Self.fold(scalar, mappings: mappings, isMark: isMark)
      if result != [scalar] { folded[scalar] = result }
    }
    self.folded = folded
  }

  /// `scalar` folded by steps 1 to 3, repeated until nothing changes.
  private static func fold(
    _ scalar: UInt32, mappings: Mappings, isMark: (UInt32) -> Bool
  ) -> [UInt32] {
    var current = [scalar]
    for _ in 0..<32 {
      var next = current.flatMap { mappings.replacement(of: $0) ?? [$0] }
      next = next.enumerated().filter { $0.offset == 0 || !isMark($0.element) }.map(\.element)
      if next == current { return current }
      current = next
    }
    preconditionFailure("U+\(String(scalar, radix: 16)) does not settle")
  }
}

/// The three mappings of ``FoldingRules``, read from the files.
private struct Mappings {
  var width: [UInt32: [UInt32]] = [:]
  var canonical: [UInt32: [UInt32]] = [:]
  var caseFolding: [UInt32: [UInt32]] = [:]

  init(_ files: UnicodeDataFiles) throws {
    let decompositionFile = "UnicodeData-Decompositions.txt"
    for fields in UnicodeDataParsing.fields(files.decompositions) {
      guard fields.count == 2, let code = UInt32(fields[0], radix: 16) else {
        throw FoldingTableError.badLine(
          file: decompositionFile, line: fields.joined(separator: ";"))
      }
      let decomposition = fields[1]
      if decomposition.hasPrefix("<") {
        guard let end = decomposition.firstIndex(of: ">") else {
          throw FoldingTableError.badLine(file: decompositionFile, line: String(decomposition))
        }
        let tag = decomposition[decomposition.index(after: decomposition.startIndex)..<end]
        guard tag == "wide" || tag == "narrow" else { continue }
        width[code] = try UnicodeDataParsing.codePoints(
          decomposition[decomposition.index(after: end)...], file: decompositionFile)
      } else {
        canonical[code] = try UnicodeDataParsing.codePoints(decomposition, file: decompositionFile)
      }
    }
    for fields in UnicodeDataParsing.fields(files.caseFolding) {
      guard fields.count >= 3, let code = UInt32(fields[0], radix: 16) else {
        throw FoldingTableError.badLine(
          file: "CaseFolding.txt", line: fields.joined(separator: ";"))
      }
      guard fields[1] == "C" || fields[1] == "F" else { continue }
      caseFolding[code] = try UnicodeDataParsing.codePoints(fields[2], file: "CaseFolding.txt")
    }
  }

  /// Every character one of the mappings changes.
  var characters: Set<UInt32> {
    Set(width.keys).union(canonical.keys).union(caseFolding.keys)
  }

  /// One step: width first, then decomposition, then case.
  func replacement(of scalar: UInt32) -> [UInt32]? {
    width[scalar] ?? canonical[scalar] ?? caseFolding[scalar]
  }
}
