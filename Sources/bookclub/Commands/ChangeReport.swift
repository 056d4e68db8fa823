import ReadingModel

/// What `undo` and `redo` say of the change they took back or put back.
@MainActor
enum ChangeReport {
  static let json = CommonOptions.json(
    "Print JSON: {\"action\", \"kind\", \"summary\", \"book\"}; book is null when none is left.")

  /// `Undid the status of “Emma” (reading → finished).`, then where the book stands.
  static func print(
    _ applied: AppliedChange, verb: String, json: Bool, context: CommandContext
  ) {
    guard let record = applied.record else { return }
    if json {
      let book = applied.after.map {
        JSONValue.raw(
          BookJSON.object(
            ListedBook(book: $0.book, progress: $0.position.map { $0.progress })))
      }
      context.output.line(
        JSONValue.object([
          "action": .string(record.action.rawValue),
          "kind": .string(record.kind.rawValue),
          "summary": .string(record.summary),
          "book": book ?? .null,
        ]).text)
      return
    }
    context.errors.line("\(verb) \(TerminalText.safe(record.summary)).")
    if let after = applied.after {
      context.output.line("\(after.book.shownTitle) · \(after.book.status.displayName)")
    }
  }
}
