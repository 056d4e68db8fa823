/// The forms of a title and an author name that decide whether two services describe the same
/// work. Goodreads writes `The Fellowship of the Ring (The Lord of the Rings, #1)` where
/// StoryGraph writes `The Fellowship of the Ring`; one says `Piranesi: A Novel`, `Pride &
/// Prejudice` or `Ender’s Game` where the other says `Piranesi`, `Pride and Prejudice` or
/// `Ender's Game`. Both sides fold to the same key.
public enum MatchKey {
  /// The title without a trailing series part in parentheses or a subtitle after `:`, folded:
  /// case, accents, punctuation and apostrophes ignored, `&` read as `and`.
  ///
  /// - Parameter title: A title as a service writes it.
  /// - Returns: Words separated by single spaces; empty only when the title has no letters
  ///   or digits.
  public static func title(_ title: String) -> String {
    var text = withoutSeries(title)
    if let colon = text.firstIndex(of: ":"), text[..<colon].contains(where: \.isLetterOrDigit) {
      text = text[..<colon]
    }
    return words(String(text), separator: " ")
  }

  /// The title with its subtitle, without a trailing series part in parentheses, folded as
  /// ``title(_:)`` folds: `Azarinth Healer: Book One` and `Azarinth Healer: Book Two` differ
  /// here where their ``title(_:)`` agree.
  ///
  /// - Parameter title: A title as a service writes it.
  /// - Returns: Words separated by single spaces.
  public static func fullTitle(_ title: String) -> String {
    words(String(withoutSeries(title)), separator: " ")
  }

  /// Whether two titles can name one book: the same ``title(_:)``, and the same subtitle
  /// where both have one (`Piranesi` is `Piranesi: A Novel`; `Book One` is not `Book Two`).
  public static func titlesAgree(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (title(lhs), title(rhs))
    guard left == right else { return false }
    let (leftFull, rightFull) = (fullTitle(lhs), fullTitle(rhs))
    return leftFull == rightFull || leftFull == left || rightFull == right
  }

  /// `Title (Series, #1) (Another)` without its trailing groups, keeping at least some title.
  private static func withoutSeries(_ title: String) -> Substring {
    var text = Substring(title)
    while let shorter = withoutTrailingGroup(text), shorter.contains(where: \.isLetterOrDigit) {
      text = shorter
    }
    return text
  }

  /// The name folded like ``title(_:)`` with every space and dot removed as well, so
  /// `J.R.R. Tolkien` and `J. R. R. Tolkien` are one author.
  public static func author(_ name: String) -> String {
    words(name, separator: "")
  }

  /// `text` folded, `&` as `and`, apostrophes removed, other punctuation separating words.
  private static func words(_ text: String, separator: String) -> String {
    if text.isASCII { return asciiWords(text, separator: separator) }
    let folded = SearchKey.fold(text)
    var words: [String] = []
    var word = ""
    for character in folded {
      if character.isLetterOrDigit {
        word.append(character)
      } else if Self.apostrophes.contains(character) {
        continue  // `ender’s` and `enders` are one word
      } else {
        if !word.isEmpty { words.append(word) }
        word = ""
        if character == "&" { words.append("and") }
      }
    }
    if !word.isEmpty { words.append(word) }
    return words.joined(separator: separator)
  }

  /// ``words(_:separator:)`` for ASCII text, byte by byte: imports fold two keys per row.
  private static func asciiWords(_ text: String, separator: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var betweenWords = false
    func startWord() {
      if betweenWords, !output.isEmpty { output += separator.utf8 }
      betweenWords = false
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        startWord()
        output.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        startWord()
        output.append(byte + 0x20)
      case UInt8(ascii: "'"), UInt8(ascii: "`"):
        continue
      case UInt8(ascii: "&"):
        betweenWords = true
        startWord()
        output += "and".utf8
        betweenWords = true
      default:
        betweenWords = true
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static let apostrophes: Set<Character> = ["'", "’", "‘", "ʼ", "`", "´"]

  /// `text` without a final `( ... )` group, or `nil` when it does not end with one.
  private static func withoutTrailingGroup(_ text: Substring) -> Substring? {
    let trimmed = text.trimmingSuffix(while: \.isWhitespace)
    guard trimmed.last == ")" else { return nil }
    var depth = 0
    for index in trimmed.indices.reversed() {
      switch trimmed[index] {
      case ")": depth += 1
      case "(":
        depth -= 1
        if depth == 0 { return trimmed[..<index].trimmingSuffix(while: \.isWhitespace) }
      default: continue
      }
    }
    return nil
  }
}

extension Character {
  fileprivate var isLetterOrDigit: Bool { isLetter || isNumber }
}

extension Substring {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[..<end]
  }
}
