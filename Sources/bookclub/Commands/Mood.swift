import ReadingModel

extension Bookclub {
  /// `bookclub mood <book> [<mood>...] [--remove <mood>] [--pace <pace>] [--warning <w>]
  /// [--remove-warning <topic>] [--warning-note <text>]`: StoryGraph's moods, pace and
  /// content warnings of a book, added, taken away or set.
  struct Mood: ParsableCommand {
    /// StoryGraph's paces, slowest first.
    nonisolated static let paces = ["slow", "medium", "fast"]

    static let moodsArgument = RepeatingArgument(
      name: "mood", help: "Moods to add: adventurous, dark, funny, tense... (case ignored).",
      isOptional: true)
    static let removeOption = OptionSpec.value(
      "remove", valueName: "mood", help: "A mood to take away; repeatable.", isRepeating: true)
    static let paceOption = OptionSpec.value(
      "pace", valueName: "pace", help: "The pace: slow, medium or fast; 'none' clears it.",
      allowedValues: paces + ["none"])
    static let warningOption = OptionSpec.value(
      "warning", valueName: "warning",
      help: "A content warning: 'graphic: Violence' (graphic, moderate or minor), or a topic "
        + "alone; repeatable.",
      isRepeating: true)
    static let removeWarningOption = OptionSpec.value(
      "remove-warning", valueName: "topic", help: "A content warning to take away; repeatable.",
      isRepeating: true)
    static let warningNoteOption = OptionSpec.value(
      "warning-note", valueName: "text",
      help: "The warnings in your own words ('' clears them).")

    static let signature = CommandSignature(
      name: "mood",
      abstract: "Set a book's moods, pace and content warnings, as StoryGraph keeps them.",
      discussion: """
        'mood <book>' alone shows them. A StoryGraph import brings them and its export \
        writes them back; 'list --mood dark --pace fast' finds books by them. A warning \
        given for a topic the book has replaces its severity.
        """,
      arguments: [BookTarget.required, moodsArgument],
      options: [
        removeOption, paceOption, warningOption, removeWarningOption, warningNoteOption,
        CommonOptions.json("Print JSON: {\"book\", \"changes\"}."), LibraryOption.spec,
      ])

    let target: BookTarget
    let adding: [String]
    let removing: [String]
    /// The pace to set: `""` clears it; `nil` leaves it.
    let pace: String?
    let addingWarnings: [ContentWarning]
    let removingWarnings: [String]
    /// The warnings' description to set: `""` clears it; `nil` leaves it.
    let warningNote: String?
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      adding = values.arguments(Self.moodsArgument).map(\.collapsingSpaces).filter {
        $0.hasVisibleCharacters
      }
      removing = values.strings(Self.removeOption).map(\.collapsingSpaces)
      pace = values.string(Self.paceOption).map { $0 == "none" ? "" : $0 }
      json = values.flag(CommonOptions.anyJSON)
      if let long = (adding + removing).first(where: { $0.count > 100 }) {
        throw .invalidValue(
          TerminalText.shortened(long, to: 40), for: Self.moodsArgument.display,
          allowed: "A mood is a word or two, at most 100 characters.")
      }
      var warnings: [ContentWarning] = []
      for text in values.strings(Self.warningOption) {
        guard let warning = ContentWarning(text: text) else {
          throw .invalidValue(
            TerminalText.shortened(text, to: 40), for: Self.warningOption.display,
            allowed: "A warning is a topic of at most \(ContentWarning.longestTopic) characters "
              + "on one line, after graphic:, moderate: or minor: if you like.")
        }
        warnings.append(warning)
      }
      addingWarnings = warnings
      removingWarnings = values.strings(Self.removeWarningOption)
      warningNote = values.string(Self.warningNoteOption)
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      guard
        !adding.isEmpty || !removing.isEmpty || pace != nil || !addingWarnings.isEmpty
          || !removingWarnings.isEmpty || warningNote != nil
      else {
        let details = try await library.details(of: book.id)
        let moods = details.moods.isEmpty ? "(none)" : details.moods.joined(separator: ", ")
        let warnings =
          details.warnings.isEmpty ? "(none)" : details.warnings.joined(separator: ", ")
        context.output.line("\(book.shownTitle) (\(book.id))")
        context.output.line("  moods:    " + TerminalText.safe(moods))
        context.output.line("  pace:     " + TerminalText.safe(details.pace ?? "(none)"))
        context.output.line("  warnings: " + TerminalText.safe(warnings))
        if let note = details.warningNote {
          context.output.line("            " + ProgressText.oneLine(note))
        }
        return
      }
      var edit = BookEdit()
      edit.addingMoods = adding
      edit.removingMoods = removing
      edit.addingWarnings = addingWarnings
      edit.removingWarnings = removingWarnings
      if let pace { edit.fields[.pace] = pace }
      if let warningNote { edit.fields[.warningNote] = warningNote }
      let result = try await context.writer(for: library).apply(.edit(book.id, edit)).edited()
      EditReport.print(result, json: json, context: context)
    }
  }
}
