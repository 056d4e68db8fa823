/// A book's place in one series: `Discworld #3`. A book may be in several (`Discworld #3`
/// and `Rincewind #2`), and in a series without a known place.
public struct SeriesPlace: Sendable, Hashable {
  /// The series as it was given: `The Broken Earth`.
  public let name: String
  /// Where in it; `nil` when nobody said.
  public let position: SeriesPosition?

  /// The longest series name kept: a name longer than a long title is a mistake.
  public static let longestName = 300

  /// A place in a series, with its name made one line of single spaces.
  ///
  /// - Parameters:
  ///   - name: The series' name.
  ///   - position: Its place, if known.
  /// - Throws: ``SeriesError`` for a name that is empty, invisible or longer than
  ///   ``longestName`` characters, or that ends in what reads as a place (` #2`).
  public init(name: String, position: SeriesPosition?) throws(SeriesError) {
    let name = try Self.oneLine(name)
    // `Room #9` would be stored as `Room #9` and read back as the series Room at 9.
    if name.utf8.contains(UInt8(ascii: "#")), let mark = name.lastIndex(of: "#"),
      mark > name.startIndex, name[name.index(before: mark)] == " ",
      SeriesPosition(name[name.index(after: mark)...]) != nil
    {
      throw .nameEndsInPlace
    }
    self.name = name
    self.position = position
  }

  /// `given` made one line of single spaces, and checked.
  private static func oneLine(_ given: String) throws(SeriesError) -> String {
    // Visible ASCII words and single spaces (most names given, and every ASCII one read back
    // from the library) are one line already, visible, free of controls, a character a byte.
    if isPlainLine(given) {
      guard given.utf8.count <= longestName else { throw .nameTooLong(given.utf8.count) }
      return given
    }
    let name = given.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard name.hasVisibleCharacters else { throw .emptyName }
    guard name.count <= longestName else { throw .nameTooLong(name.count) }
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw .controlCharacters }
    return name
  }

  /// Whether `name` is visible ASCII words joined by single spaces: nothing to make one line.
  private static func isPlainLine(_ name: String) -> Bool {
    var previous = UInt8(ascii: " ")
    for byte in name.utf8 {
      guard byte > 0x20 && byte < 0x7F || byte == 0x20 && previous != 0x20 else { return false }
      previous = byte
    }
    return previous != 0x20
  }

  /// `The Broken Earth #1`, or the name alone without a place: how the library stores the
  /// place and how merges compare it (``BookField/series``).
  public var text: String {
    position.map { "\(name) #\($0)" } ?? name
  }

  /// Reads ``text``: the place after the last ` #`, when what follows is one.
  ///
  /// - Parameter text: A stored place.
  /// - Returns: `nil` when the name is not one ``init(name:position:)`` takes.
  public init?(text: some StringProtocol) {
    let text = String(text)
    if let mark = text.lastIndex(of: "#"), mark > text.startIndex,
      text[text.index(before: mark)] == " ",
      let position = SeriesPosition(text[text.index(after: mark)...])
    {
      let name = String(text[..<text.index(before: mark)])
      guard let place = try? SeriesPlace(name: name, position: position) else { return nil }
      self = place
    } else {
      guard let place = try? SeriesPlace(name: text, position: nil) else { return nil }
      self = place
    }
  }

  /// What makes two places one series: the name folded (case and accents ignored).
  public var key: String { SearchKey.fold(name) }
}
