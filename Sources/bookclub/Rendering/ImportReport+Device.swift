import ReadingModel

/// What an ingest adds to an import's summary: highlights, positions, the device's books it
/// did not match, and the parts of its files it could not read.
extension ImportReport {
  /// `; 3 highlights added, 1 changed, 2 positions` for an ingest's first line.
  static func deviceCounts(_ summary: ImportSummary) -> String {
    var parts = ["\(summary.notMatched.count) not matched"]
    parts.append(
      summary.highlightsAdded == 1
        ? "1 highlight added" : "\(summary.highlightsAdded) highlights added")
    if summary.highlightsUpdated > 0 { parts.append("\(summary.highlightsUpdated) changed") }
    parts.append(
      summary.positionsRecorded == 1 ? "1 position" : "\(summary.positionsRecorded) positions")
    return ", " + parts.joined(separator: ", ")
  }

  /// The lines under one book changed: its highlights (each, on a dry run) and position.
  static func deviceLines(_ change: BookChange) -> [String] {
    var lines: [String] = []
    if change.highlightsUpdated > 0 {
      lines.append("    highlights: \(change.highlightsUpdated) changed by the device")
    }
    if let position = change.position {
      lines.append(
        "    position: \(ProgressBar.percent(position.fraction))% at "
          + DateText.minute(position.time))
    }
    for highlight in change.highlights {
      let place = HighlightReport.place(highlight)
      let text =
        highlight.text.isEmpty
        ? ""
        : "“"
          + TerminalText.shortened(
            highlight.text.split(separator: "\n").joined(separator: " "), to: 60) + "”"
      let note = highlight.note.map {
        " note: " + TerminalText.shortened(ProgressText.oneLine($0), to: 40)
      }
      lines.append(
        "      " + [place, text].filter { !$0.isEmpty }.joined(separator: " ") + (note ?? ""))
    }
    return lines
  }

  /// The device's books not brought in, and what could not be read.
  static func deviceSections(_ summary: ImportSummary) -> [String] {
    var lines: [String] = []
    if !summary.notMatched.isEmpty {
      lines.append(
        "Not matched (nothing of them was brought in; --map 'TITLE=BOOK' names the book):")
      for book in summary.notMatched {
        let authors = book.authors.isEmpty ? "" : " by " + book.authors.joined(separator: ", ")
        let highlights = book.highlights == 0 ? "" : ", \(book.highlights) highlights"
        lines.append(
          "  book \(book.line) (\(book.place)\(highlights)): \(book.title)\(authors): \(book.reason)"
        )
      }
    }
    if !summary.unreadable.isEmpty {
      lines.append("Not read:")
      lines += summary.unreadable.map { "  " + $0 }
    }
    return lines
  }

  /// The members an ingest adds to the summary's JSON.
  static func deviceJSON(_ summary: ImportSummary) -> [String: JSONValue] {
    [
      "highlightsAdded": .integer(Int64(summary.highlightsAdded)),
      "highlightsUpdated": .integer(Int64(summary.highlightsUpdated)),
      "positionsRecorded": .integer(Int64(summary.positionsRecorded)),
      "notMatched": .array(
        summary.notMatched.map {
          .object([
            "book": .integer(Int64($0.line)), "place": .string($0.place),
            "title": .string($0.title), "authors": .array($0.authors.map(JSONValue.string)),
            "highlights": .integer(Int64($0.highlights)), "reason": .string($0.reason),
          ])
        }),
      "unreadable": .array(summary.unreadable.map(JSONValue.string)),
    ]
  }

  /// The members an ingest adds to a changed book's JSON.
  static func deviceJSON(_ change: BookChange) -> [String: JSONValue] {
    [
      "highlightsUpdated": .integer(Int64(change.highlightsUpdated)),
      "position": change.position.map {
        .object([
          "fraction": .number($0.fraction), "page": $0.page.map { .integer(Int64($0)) } ?? .null,
          "time": .date($0.time),
        ])
      } ?? .null,
      "highlights": .array(
        change.highlights.map { HighlightReport.json($0, book: change.bookID ?? 0) }),
    ]
  }
}
