extension SeriesPlace {
  /// The series a title names at its end, as Goodreads writes them: `The Fifth Season (The
  /// Broken Earth, #1)`, `Equal Rites (Discworld, #3; Witches, #1)`, `Title (Series #1.5)`.
  ///
  /// Only a last group in parentheses whose every part ends in a place counts: `(Penguin
  /// Classics)` or `(Illustrated)` are not series. The title itself is never changed.
  ///
  /// - Parameter title: A title as a service writes it.
  /// - Returns: The places, in the order written; empty when the title names none.
  public static func places(inTitle title: String) -> [SeriesPlace] {
    guard let group = lastGroup(of: title) else { return [] }
    var places: [SeriesPlace] = []
    for part in group.split(separator: ";") {
      guard let mark = part.lastIndex(of: "#"),
        let position = SeriesPosition(part[part.index(after: mark)...])
      else { return [] }
      var name = Substring(part[..<mark]).trimmingWhitespace()
      if name.hasSuffix(",") { name.removeLast() }
      guard let place = try? SeriesPlace(name: name, position: position) else { return [] }
      places.append(place)
    }
    return places
  }

  /// What is inside the title's final `( ... )`, when the title ends with one and has words
  /// before it.
  private static func lastGroup(of title: String) -> Substring? {
    let trimmed = title.trimmingWhitespace()
    guard trimmed.last == ")", let open = trimmed.lastIndex(of: "("),
      trimmed[..<open].contains(where: { $0.isLetter || $0.isNumber })
    else { return nil }
    let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    guard !inside.contains("(") && !inside.contains(")") else { return nil }
    return Substring(inside)
  }
}
