import ReadingModel

/// What `undo` and `redo` say of the change they took back or put back.
@MainActor
enum ChangeReport {
  static let json = CommonOptions.json(
    "Print JSON: {\"action\", \"kind\", \"summary\", \"book\"}; book is null when none is left.")

  /// What `undo` and `redo` are told: ask or not, JSON or not, which library.
  struct Options {
    let force: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) {
      force = values.flag(CommonOptions.anyForce)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }
  }

  /// Shows `change`, asks (at a terminal; `--force` elsewhere), applies it and says so.
  ///
  /// - Parameters:
  ///   - asking: The question's verb: `Undo`.
  ///   - telling: The report's verb: `Undid`.
  ///   - apply: Undoes or redoes the change whose id it is given, and only that one.
  static func confirmAndApply(
    _ change: ChangeRecord, asking: String, telling: String, options: Options,
    context: CommandContext, apply: (Int64) async throws -> AppliedChange
  ) async throws {
    let question = "\(asking) \(TerminalText.safe(change.summary))?"
    guard try Confirmation.confirm(question, force: options.force, context: context) else {
      return
    }
    print(try await apply(change.id), verb: telling, json: options.json, context: context)
  }

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
