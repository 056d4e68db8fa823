extension SeriesPlace {
  /// The words Open Library's catalogues put before a place: `bk. 1`, `v. 2`, `no. 3`.
  private static let placeWords: Set<String> = [
    "bk.", "bk", "book", "v.", "v", "vol.", "vol", "volume", "no.", "no", "nr.", "#", "pt.", "part",
  ]

  /// A place of an Open Library record's `series` (`Discworld (3)`, `The Broken Earth ; 1`,
  /// `Discworld, bk. 3`, `Discworld #3`).
  ///
  /// - Returns: `nil` for an entry without a place: catalogues also list publishers' series
  ///   (`Penguin classics`), which are no series a reader follows.
  public init?(openLibrary text: String) {
    let text = text.trimmingWhitespace()
    var name: Substring
    var placeText: Substring
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
      name = text[..<open]
      placeText = text[text.index(after: open)..<text.index(before: text.endIndex)]
    } else if let mark = text.lastIndex(where: { $0 == ";" || $0 == "," || $0 == "#" }) {
      name = text[..<mark]
      placeText = text[text.index(after: mark)...]
    } else {
      return nil
    }
    var words = placeText.split(separator: " ")
    if let first = words.first, Self.placeWords.contains(first.lowercased()) {
      words.removeFirst()
    }
    guard words.count == 1, let position = SeriesPosition(words[0]) else { return nil }
    name = name.drop { $0.isWhitespace }
    while let last = name.last, last.isWhitespace || ",;#".contains(last) { name = name.dropLast() }
    guard let place = try? SeriesPlace(name: String(name), position: position) else { return nil }
    self = place
  }
}
