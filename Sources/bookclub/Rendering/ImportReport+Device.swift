import ReadingModel

/// What an ingest adds to an import's summary: highlights, positions, the device's books it
/// did not match, and the parts of its files it could not read.
extension ImportReport {
  /// `, 0 not matched, 3 highlights added, 1 changed, 12 sessions added, 2 positions` for an
  /// ingest's first line: sessions and positions when there are some (a Kindle has none).
  static func deviceCounts(_ summary: ImportSummary) -> String {
    var parts = ["\(summary.notMatched.count) not matched"]
    parts.append(count(summary.highlightsAdded, "highlight") + " added")
    if summary.highlightsUpdated > 0 { parts.append("\(summary.highlightsUpdated) changed") }
    if summary.sessionsAdded + summary.sessionsUpdated > 0 {
      parts.append(count(summary.sessionsAdded, "session") + " added")
      if summary.sessionsUpdated > 0 { parts.append("\(summary.sessionsUpdated) changed") }
    }
    if summary.positionsRecorded > 0 { parts.append(count(summary.positionsRecorded, "position")) }
    return ", " + parts.joined(separator: ", ")
  }

  /// `1 session`, `3 sessions`.
  private static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }

  /// The lines under one book changed: its highlights (each, on a dry run) and position.
  static func deviceLines(_ change: BookChange) -> [String] {
    var lines: [String] = []
    if change.highlightsUpdated > 0 {
      lines.append("    highlights: \(change.highlightsUpdated) changed by the device")
    }
    if change.sessionsAdded > 0 {
      lines.append("    sessions: \(change.sessionsAdded) added")
    }
    if change.sessionsUpdated > 0 {
      lines.append("    sessions: \(change.sessionsUpdated) changed by the device")
    }
    if let position = change.position {
      lines.append(
        "    position: \(ProgressBar.percent(position.fraction))% at "
          + DateText.minute(position.time))
    }
    for session in change.sessions {
      lines.append("      " + SessionText.line(session))
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
        let highlights =
          book.highlights == 0 ? "" : ", " + count(book.highlights, "highlight")
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
      "sessionsAdded": .integer(Int64(summary.sessionsAdded)),
      "sessionsUpdated": .integer(Int64(summary.sessionsUpdated)),
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
      "sessionsAdded": .integer(Int64(change.sessionsAdded)),
      "sessionsUpdated": .integer(Int64(change.sessionsUpdated)),
      "sessions": .array(change.sessions.map(SessionText.json)),
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
