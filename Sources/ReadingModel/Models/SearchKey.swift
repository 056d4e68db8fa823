/// The form of text bookclub sorts and searches by: case, accents and width folded away, so
/// "Émile" sorts with and is found by "emile", and "Ｔｏｌｓｔｏｊ" by "tolstoj".
///
/// The folding comes from the Unicode data pinned in the package (unicode/), through tables
/// that `bookclub-folding-tables` generates: it is the same on every machine, whatever
/// Foundation or ICU is there. Libraries record ``foldingVersion`` with the keys they store.
public enum SearchKey {
  /// The revision of the rules that make keys from text: SearchKey's and the generator's
  /// (FoldingRules), MatchKey's and AuthorName's sort key. Raise it with any change that
  /// makes another key of some text, so that libraries refold their stored keys on open.
  static let ruleRevision = 1

  /// The version of the folding that made a key: the Unicode version of the tables and the
  /// rule revision. A library whose keys were made by another is refolded when opened.
  public static var foldingVersion: String { "unicode-\(unicodeVersion)/rules-\(ruleRevision)" }

  /// Folds `text` for sorting and matching.
  ///
  /// - Parameter text: Any text: a title, an author, a search term.
  /// - Returns: The text case folded, without diacritics, in usual width, with whitespace
  ///   collapsed to single spaces and trimmed.
  public static func fold(_ text: String) -> String {
    if text.isASCII { return foldASCII(text) }
    var folded = String.UnicodeScalarView()
    var started = false
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      // A mark goes before it is folded: U+0345 (ypogegrammeni) folds to a letter, ι.
      if started, isIn(foldedMarks, scalar.value) { continue }
      if let replacement = foldedCharacters[scalar.value] {
        for folding in replacement.unicodeScalars {
          append(folding, to: &folded, started: &started, pendingSpace: &pendingSpace)
        }
      } else {
        append(scalar, to: &folded, started: &started, pendingSpace: &pendingSpace)
      }
    }
    return String(folded)
  }

  /// Appends one folded scalar: an accent after anything goes (a mark that starts the text
  /// has nothing to leave), whitespace is kept back until a word follows it.
  private static func append(
    _ scalar: Unicode.Scalar, to folded: inout String.UnicodeScalarView, started: inout Bool,
    pendingSpace: inout Bool
  ) {
    defer { started = true }
    if started, isIn(foldedMarks, scalar.value) { return }
    if isIn(whiteSpace, scalar.value) {
      pendingSpace = !folded.isEmpty
      return
    }
    if pendingSpace {
      folded.append(" ")
      pendingSpace = false
    }
    folded.append(scalar)
  }

  /// Whether `value` is in one of `ranges` (sorted, apart), by binary search.
  private static func isIn(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      let range = ranges[middle]
      if value < range.lowerBound {
        high = middle
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The same folding for ASCII text, byte by byte: imports fold several keys per row.
  private static func foldASCII(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      if String.isSpace(byte) || byte == 0x0B || byte == 0x0C {
        pendingSpace = !bytes.isEmpty
        continue
      }
      if pendingSpace {
        bytes.append(0x20)
        pendingSpace = false
      }
      bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
