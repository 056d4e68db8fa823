/// The form of text bookclub sorts and searches by: case and accents folded away, so
/// "Émile" sorts with and is found by "emile".
public enum SearchKey {
  /// Folds `text` for sorting and matching.
  ///
  /// - Parameter text: Any text: a title, an author, a search term.
  /// - Returns: The text lower-cased, without diacritics, with whitespace collapsed.
  public static func fold(_ text: String) -> String {
    if text.isASCII { return foldASCII(text) }
    var folded = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      // An accent after a letter goes; a mark that starts the text has nothing to leave.
      if !folded.isEmpty, isFoldedMark(scalar.value) { continue }
      if let replacement = foldedCharacters[scalar.value] {
        folded.append(contentsOf: replacement.unicodeScalars)
      } else {
        folded.append(scalar)
      }
    }
    return String(folded).lowercased().collapsingWhitespace
  }

  /// Whether `value` is among ``foldedMarks``, by binary search.
  private static func isFoldedMark(_ value: UInt32) -> Bool {
    guard value >= 0x300 else { return false }
    var low = 0
    var high = foldedMarks.count
    while low < high {
      let middle = (low + high) / 2
      let range = foldedMarks[middle]
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
