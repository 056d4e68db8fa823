import ReadingModel

/// `bookclub series` as text: a line a series with how far you are and what comes next,
/// or one series' books in order.
enum SeriesReport {
  /// A line a series: `The Broken Earth  read 2 of 3  next: #3 The Stone Sky (12)`.
  static func overview(_ all: [ReadingModel.Series]) -> [String] {
    let names = all.map { TerminalText.shortened($0.name, to: 40) }
    let width = names.map(DisplayWidth.of).max() ?? 0
    return zip(names, all).map { name, series in
      TerminalText.padded(name, to: width + 2) + standing(series)
        + (series.next.map { "  next: " + memberText($0) } ?? "")
    }
  }

  /// The series' name and standing, then its books in order, the next one marked.
  static func lines(_ series: ReadingModel.Series) -> [String] {
    let next = series.next?.book.id
    let places = series.members.map { $0.position.map { "#\($0)" } ?? "" }
    let placeWidth = places.map(\.count).max() ?? 0
    let titles = series.members.map { "\($0.book.title) (\($0.book.id))" }
    let titleWidth = min(60, titles.map { DisplayWidth.of(TerminalText.safe($0)) }.max() ?? 0)
    var lines = ["\(TerminalText.safe(series.name)): \(standing(series))"]
    for (index, member) in series.members.enumerated() {
      let place = TerminalText.padded(places[index], to: placeWidth)
      let title = TerminalText.fitted(titles[index], to: titleWidth)
      let mark = member.book.id == next ? "  ← next" : ""
      lines.append("  \(place)  \(title)  \(member.book.status.displayName)\(mark)")
    }
    return lines
  }

  /// `read 2 of 3`.
  private static func standing(_ series: ReadingModel.Series) -> String {
    "read \(series.finished) of \(series.members.count)"
  }

  /// `#3 The Stone Sky (12)`.
  private static func memberText(_ member: ReadingModel.Series.Member) -> String {
    (member.position.map { "#\($0) " } ?? "")
      + "\(TerminalText.shortened(member.book.title, to: 50)) (\(member.book.id))"
  }
}

/// `bookclub series --json`: `[{"series", "books", "finished", "next", "members"}]`, each
/// member `{"position": STRING|null, "book": BOOK}` (``BookJSON``), `next` the next member's
/// book id or null.
enum SeriesJSON {
  static func array(_ all: [ReadingModel.Series]) -> JSONValue {
    .array(all.map(object))
  }

  static func object(_ series: ReadingModel.Series) -> JSONValue {
    .object([
      "series": .string(series.name),
      "books": .integer(Int64(series.members.count)),
      "finished": .integer(Int64(series.finished)),
      "next": series.next.map { .integer($0.book.id) } ?? .null,
      "members": .array(
        series.members.map { member in
          .object([
            "position": member.position.map { .string($0.description) } ?? .null,
            "book": .raw(BookJSON.object(ListedBook(book: member.book))),
          ])
        }),
    ])
  }
}
