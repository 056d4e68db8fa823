import ReadingModel

/// The one place where text from data meets the terminal (DESIGN.md section 8).
///
/// Titles, authors, notes, reviews, tags, paths and arguments come from strangers' files and
/// from command lines. Before any of it is printed as text, every character that could drive
/// a terminal is shown as a visible escape instead: C0 controls and DEL as `\e`, `\t`,
/// `\x07`, ...; C1 controls as `\x9b`; bidirectional overrides and isolates as `<U+202E>`.
/// So an OSC 52 clipboard write, a window title, a hyperlink or a screen clear in a title
/// is printed as harmless text. `--json` and exported files carry the exact text.
enum TerminalText {
  /// `text` with every control and bidirectional formatting character made visible.
  static func safe(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if let escape = escape(scalar) {
        result.append(contentsOf: escape.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// `text` followed by spaces up to `width` terminal columns (``DisplayWidth``), for a
  /// column; longer text is kept whole (a column is never cut short of its value).
  ///
  /// - Parameters:
  ///   - text: Text as it prints: already made safe, or the program's own.
  ///   - width: The columns to fill.
  /// - Returns: `text` with the spaces after it.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }

  /// `text` made safe and fitted to exactly `width` terminal columns: padded with spaces,
  /// or cut with an ellipsis when it is wider.
  ///
  /// A cut falls between grapheme clusters and never inside an escape made visible by
  /// ``safe(_:)``; where a wide character would be cut in half, a space fills its column.
  ///
  /// - Parameters:
  ///   - text: Text from data, as it is stored.
  ///   - width: The columns the result takes.
  ///   - alignRight: Whether the padding goes before the text, for numbers.
  /// - Returns: The safe, fitted text.
  static func fitted(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let (shown, used) = cut(text, to: width)
    let padding = String(repeating: " ", count: max(0, width - used))
    return alignRight ? padding + shown : shown + padding
  }

  /// `text` made safe and, when it is wider than `width` terminal columns, cut with an
  /// ellipsis to fit, as ``fitted(_:to:alignRight:)`` cuts it but without padding.
  ///
  /// - Parameters:
  ///   - text: Text from data, as it is stored.
  ///   - width: The most columns the result takes.
  /// - Returns: The safe text, whole or cut.
  static func shortened(_ text: String, to width: Int) -> String {
    cut(text, to: width).text
  }

  /// The safe pieces of `text` that fit in `width` columns, with an ellipsis when some are
  /// left out, and the columns they take.
  private static func cut(_ text: String, to width: Int) -> (text: String, width: Int) {
    guard width > 0 else { return ("", 0) }  // not even an ellipsis fits
    let room = width - 1  // one column for the ellipsis
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {  // printable ASCII: one each
      let count = text.utf8.count
      return count <= width ? (text, count) : (text.prefix(room) + "…", room + 1)
    }
    let shown = safe(text)
    let total = DisplayWidth.of(shown)
    if total <= width { return (shown, total) }
    let pieces = shownPieces(text)
    let widths = pieces.map { DisplayWidth.of($0) }
    var kept = ""
    var used = 0
    for (piece, pieceWidth) in zip(pieces, widths) {
      if used + pieceWidth > room { break }
      kept += piece
      used += pieceWidth
    }
    return (kept + "…", used + 1)
  }

  /// What each grapheme cluster of `text` prints as: the cluster itself, or the visible
  /// escape of a control (a control is always a cluster of its own), so that cutting
  /// between pieces never splits either.
  static func shownPieces(_ text: String) -> [String] {
    text.map { safe(String($0)) }
  }

  /// `text` made safe line by line: line breaks stay, for blocks such as reviews that are
  /// printed over several lines.
  static func safeLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }
  }

  /// The visible form of a scalar that must not reach the terminal as it is.
  private static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x1B: return "\\e"
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x00: return "\\0"
    case 0x01..<0x20, 0x7F..<0xA0: return "\\x" + hex(scalar.value, digits: 2)
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      return "<U+" + hex(scalar.value, digits: 4) + ">"
    default: return nil
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: digits == 4)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}

extension Book {
  /// The title as it may be printed (see ``TerminalText``).
  var shownTitle: String { TerminalText.safe(title) }

  /// The authors, comma-separated, as they may be printed.
  var shownAuthors: String { TerminalText.safe(authorLine) }

  /// The authors, comma-separated, as stored.
  var authorLine: String { authors.joined(separator: ", ") }
}
