import ReadingModel

extension Bookclub.Edit {
  static let series = OptionSpec.value(
    "series", valueName: "name #place",
    help: "The book's series, replacing them: 'The Broken Earth #1'; repeat for each; '' for none.",
    isRepeating: true, completion: .series)

  /// The places `--series` gives, in canonical form, or `nil` when it is not given.
  ///
  /// - Throws: ``UsageError`` for a place that is no number, or a name ``SeriesPlace`` refuses.
  static func seriesPlaces(in values: ParsedValues) throws(UsageError) -> [SeriesPlace]? {
    let given = values.strings(series)
    guard !given.isEmpty else { return nil }
    var places: [SeriesPlace] = []
    for text in given where text.hasVisibleCharacters {
      places.append(try place(text))
    }
    return places
  }

  /// `Name #place` or `Name`: the place after the last ` #`.
  private static func place(_ text: String) throws(UsageError) -> SeriesPlace {
    var name = text
    var position: SeriesPosition?
    if let mark = text.lastIndex(of: "#"), mark > text.startIndex,
      text[text.index(before: mark)].isWhitespace
    {
      let placeText = text[text.index(after: mark)...]
      guard let parsed = SeriesPosition(placeText) else {
        throw .invalidValue(
          TerminalText.shortened(text, to: 40), for: series.display,
          allowed: "Give the place after ' #' as a number from 0 to"
            + " \(Int(SeriesPosition.largest)): 'Discworld #3', '#1.5' or '#1-3'.")
      }
      name = String(text[..<text.index(before: mark)])
      position = parsed
    }
    do {
      return try SeriesPlace(name: name, position: position)
    } catch {
      throw .invalidValue(
        TerminalText.shortened(text, to: 40), for: series.display,
        allowed: error.errorDescription ?? "Give the series' name.")
    }
  }
}
