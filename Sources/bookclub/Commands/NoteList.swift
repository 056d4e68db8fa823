import ReadingModel

extension Bookclub.Note {
  /// `bookclub note list <book>`
  struct List: BookReportCommand {
    static let signature = reportSignature(
      name: "list",
      abstract: "List a book's notes, oldest first, with their entry ids.",
      json: "Print JSON: {\"book\": ..., \"notes\": [entries]}.")

    let target: BookTarget
    let json: Bool

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      let notes = reading.progress.value?.notes ?? []
      if json {
        let document = JSONValue.object([
          "book": ProgressText.jsonFields(reading)["book"] ?? .null,
          "notes": .array(notes.map { ProgressText.json($0, of: reading.book) }),
        ])
        context.output.line(document.text)
        return
      }
      guard !notes.isEmpty else {
        context.errors.line(
          "No notes on “\(reading.book.shownTitle)” yet. Add one: bookclub note add \(reading.book.id) <text>"
        )
        return
      }
      context.output.line(
        TextStyle.bold.apply(
          "ID        WHEN              PROGRESS  NOTE", enabled: context.terminal.colorsOutput))
      for entry in notes {
        let percent = "\(ProgressBar.percent(entry.progress))%"
        context.output.line(
          [
            ProgressText.shortID(entry), DateText.minute(entry.time),
            percent + String(repeating: " ", count: max(0, 8 - percent.count)),
            ProgressText.oneLine(entry.note),
          ].joined(separator: "  "))
      }
    }
  }
}
