import Foundation

/// The form of text bookclub sorts and searches by: case and accents folded away, so
/// "Émile" sorts with and is found by "emile".
public enum SearchKey {
  /// Folds `text` for sorting and matching.
  ///
  /// - Parameter text: Any text: a title, an author, a search term.
  /// - Returns: The text lower-cased, without diacritics, with whitespace collapsed.
  public static func fold(_ text: String) -> String {
    if text.isASCII { return foldASCII(text) }
    return text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .lowercased()
    .collapsingWhitespace
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
