import ReadingModel

extension Bookclub.Progress {
  /// `bookclub progress show <book>`
  struct Show: BookReportCommand {
    static let signature = reportSignature(
      name: "show",
      abstract:
        "Show a book's reading history, oldest first, with pace, estimated finish and sessions.",
      json: "Print JSON: the book, its entries, sessions, pace and estimated finish.")

    let target: BookTarget
    let json: Bool

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      let entries = reading.progress.value?.entries ?? []
      let sessions = try await context.library(flag: target.libraryPath).sessions(
        of: reading.book.id)
      if json {
        context.output.line(Self.json(reading, entries: entries, sessions: sessions).text)
        return
      }
      let book = reading.book
      context.output.line("\(book.shownTitle) — \(book.shownAuthors)")
      defer { Self.printSessions(sessions, context) }
      guard !entries.isEmpty else {
        context.output.line("No progress recorded yet.")
        context.errors.line("To record some: bookclub progress set \(book.id) <page or %>")
        return
      }
      context.output.line(
        TextStyle.bold.apply(
          "WHEN              PROGRESS          CHANGE  NOTE", enabled: context.terminal.colorsOutput
        ))
      // A new reading counts from the start again, not from the last reading's end.
      let starts = (reading.progress.value?.readings ?? []).compactMap(\.start)
      var previous = 0.0
      var previousDay: CalendarDay?
      for entry in entries {
        let day = CalendarDay(local: entry.time)
        if let previousDay, starts.contains(where: { $0 > previousDay && $0 <= day }) {
          previous = 0
        }
        context.output.line(Self.row(entry, previous: previous, book: book))
        if entry.kind == .progress { (previous, previousDay) = (entry.progress, day) }
      }
      var footer: [String] = []
      if let pace = reading.pace { footer.append("Pace: " + ProgressText.pace(pace)) }
      if let finish = reading.estimatedFinish {
        footer.append("estimated finish " + DateText.day(finish))
      }
      if let finished = reading.finished {
        footer.append(ReadingStatus.finished.displayName + " " + DateText.day(finished))
      }
      if !footer.isEmpty { context.output.line(footer.joined(separator: " · ")) }
    }

    /// `2024-05-12 14:03  p. 44 (5%)        +44     Prelude...`; a note shows `note` where a
    /// position shows its change, since a note does not move the position.
    private static func row(_ entry: ReadingProgress.Entry, previous: Double, book: Book)
      -> String
    {
      let position: String
      var change: String
      if let length = book.countedTime {
        let time = length.time(at: entry.progress)
        let delta = time - length.time(at: previous)
        position = "\(AudioLength.clock(time)) (\(ProgressBar.percent(entry.progress))%)"
        change = (delta >= 0 ? "+" : "-") + AudioLength.clock(abs(delta))
      } else if let pages = book.pageCount {
        let page = Int((entry.progress * Double(pages)).rounded())
        let delta = page - Int((previous * Double(pages)).rounded())
        position = "p. \(page) (\(ProgressBar.percent(entry.progress))%)"
        change = (delta >= 0 ? "+" : "") + String(delta)
      } else {
        let delta = ProgressBar.percent(entry.progress) - ProgressBar.percent(previous)
        position = "\(ProgressBar.percent(entry.progress))%"
        change = (delta >= 0 ? "+" : "") + "\(delta)%"
      }
      if entry.kind == .note { change = "note" }
      let columns = [
        DateText.minute(entry.time), TerminalText.padded(position, to: 16),
        TerminalText.padded(change, to: 6),
        ProgressText.oneLine(entry.note),
      ]
      return columns.joined(separator: "  ").trimmingTrailingSpaces
    }

    /// The sessions, oldest first, under a line of their totals: time, pages and pace.
    private static func printSessions(_ sessions: [ReadingSession], _ context: CommandContext) {
      guard !sessions.isEmpty else { return }
      let seconds = sessions.reduce(0) { $0 + $1.seconds }
      let timed = sessions.filter { $0.pages != nil }
      let pages = timed.reduce(0) { $0 + ($1.pages ?? 0) }
      let timedSeconds = timed.reduce(0) { $0 + $1.seconds }
      var totals = [
        sessions.count == 1 ? "1 session" : "\(sessions.count) sessions",
        SessionText.duration(seconds) + " in all",
      ]
      if pages > 0, timedSeconds >= 60 {
        totals.append(
          "\(Int((Double(pages) * 3600 / Double(timedSeconds)).rounded())) pages an hour")
      }
      context.output.line("")
      context.output.line("Sessions (" + totals.joined(separator: ", ") + "):")
      for session in sessions {
        let id = String(session.id.uuidString.lowercased().prefix(8))
        context.output.line("  \(id)  " + SessionText.line(session))
      }
    }

    static func json(
      _ reading: CurrentlyReading, entries: [ReadingProgress.Entry], sessions: [ReadingSession]
    ) -> JSONValue {
      var fields = ProgressText.jsonFields(reading)
      fields["entries"] = .array(entries.map { ProgressText.json($0, of: reading.book) })
      fields["sessions"] = .array(sessions.map(SessionText.json))
      return .object(fields)
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
