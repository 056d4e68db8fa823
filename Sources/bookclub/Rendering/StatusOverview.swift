import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `bookclub status` with no book: the books being read with their bars, pace and finish,
/// the first three of Up Next, the latest notes, and the counts per status.
@MainActor
enum StatusOverview {
  /// How many of the latest notes the overview shows.
  static let noteCount = 5

  /// How many books of the Up Next queue the overview shows.
  static let upNextCount = 3

  static func print(
    library: any Library & GoalLibrary & UpNextReading, json: Bool, context: CommandContext
  ) async throws {
    let overview = try await library.overview(notes: noteCount)
    let upNext = try await library.upNext(limit: upNextCount)
    let goal = try await library.goalProgress(year: GoalYear.current, today: GoalYear.today)
    if json {
      var document = Self.json(overview)
      if case .object(var fields) = document {
        fields["goal"] = goal.map(StatsJSON.goal) ?? .null
        fields["upNext"] = UpNextReport.json(upNext)
        document = .object(fields)
      }
      context.output.line(document.text)
    } else {
      for line in lines(overview, upNext: upNext, colors: context.terminal.colorsOutput) {
        context.output.line(line)
      }
      if let goal { context.output.line(GoalReport.overviewLine(goal)) }
    }
  }

  static func lines(_ overview: LibraryOverview, upNext: [Book] = [], colors: Bool) -> [String] {
    var lines: [String] = []
    let total = overview.counts.values.reduce(0, +)
    guard total > 0 else { return EmptyLibraryHint.lines }
    if overview.reading.isEmpty, let paused = overview.counts[.paused], paused > 0 {
      lines.append(
        "Nothing is being read; \(paused) paused (bookclub list --status paused). Pick one up:"
          + " bookclub progress set <book> <page>")
    } else if overview.reading.isEmpty {
      lines.append("Nothing is being read. Start a book: bookclub progress set <book> <page>")
    } else {
      lines.append(TextStyle.bold.apply(ReadingStatus.reading.title, enabled: colors))
      let idWidth = overview.reading.map { String($0.book.id).count }.max() ?? 1
      let indent = String(repeating: " ", count: idWidth + 4)
      for reading in overview.reading {
        let id = String(reading.book.id)
        let paddedID = String(repeating: " ", count: idWidth - id.count) + id
        lines.append("  \(paddedID)  \(reading.book.shownTitle) — \(reading.book.shownAuthors)")
        lines.append(indent + details(reading.book, progress: reading.progress))
      }
    }
    if !upNext.isEmpty {
      lines.append("")
      lines.append(TextStyle.bold.apply("Up next", enabled: colors))
      lines += UpNextReport.lines(upNext).map { "  " + $0 }
    }
    if !overview.notes.isEmpty {
      lines.append("")
      lines.append(TextStyle.bold.apply("Latest notes", enabled: colors))
      for (book, entry) in overview.notes {
        let percent = "\(ProgressBar.percent(entry.progress))%"
        lines.append(
          "  \(DateText.day(entry.time))  \(book.shownTitle), \(percent): "
            + ProgressText.oneLine(entry.note))
      }
    }
    lines.append("")
    let counts = ReadingStatus.allCases.map { "\(overview.counts[$0] ?? 0) \($0.displayName)" }
    lines.append("\(total) books: " + counts.joined(separator: " · "))
    return lines
  }

  /// `Middlemarch — George Eliot · reading · ███░░ 34% · page 300 of 880 · ...`
  static func line(_ book: Book, progress: ReadingProgress) -> String {
    "\(book.shownTitle) — \(book.shownAuthors) · \(book.status.displayName) · "
      + details(book, progress: progress)
  }

  /// The bar, the position, the pace and the estimated finish.
  static func details(_ book: Book, progress: ReadingProgress) -> String {
    let fraction = progress.currentFraction(status: book.status)
    var parts = [ProgressBar().render(fraction), ProgressText.position(fraction, of: book)]
    if let pace = progress.pace(of: book) {
      parts.append(ProgressText.pace(pace))
      if let finish = pace.estimatedFinish { parts.append("finish around \(DateText.day(finish))") }
    }
    return parts.joined(separator: " · ")
  }

  /// `{"reading": [{"book", "estimatedFinish", "pace"}], "notes": [{"book", "entry"}],
  /// "counts": {"want", "reading", "finished", "abandoned"}}`
  static func json(_ overview: LibraryOverview) -> JSONValue {
    .object([
      "reading": .array(
        overview.reading.map { reading in
          let latest = reading.progress.positions.last?.progress
          let pace = reading.progress.pace(of: reading.book)
          return .object([
            "book": .raw(BookJSON.object(ListedBook(book: reading.book, progress: latest))),
            "pace": pace.map(ProgressText.json) ?? .null,
            "estimatedFinish": .date(pace?.estimatedFinish),
          ])
        }),
      "notes": .array(
        overview.notes.map { book, entry in
          .object(["book": .integer(book.id), "entry": ProgressText.json(entry, of: book)])
        }),
      "counts": .object(
        Dictionary(
          uniqueKeysWithValues: ReadingStatus.allCases.map {
            ($0.rawValue, JSONValue.integer(Int64(overview.counts[$0] ?? 0)))
          })),
    ])
  }
}
