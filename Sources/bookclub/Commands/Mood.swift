import ReadingModel

extension Bookclub {
  /// `bookclub mood <book> [<mood>...] [--remove <mood>] [--pace <pace>]`: StoryGraph's moods
  /// and pace of a book, added, taken away or set.
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

    static let signature = CommandSignature(
      name: "mood",
      abstract: "Set a book's moods and pace, as StoryGraph keeps them.",
      discussion: """
        'mood <book>' alone shows them. A StoryGraph import brings them and its export \
        writes them back; 'list --mood dark --pace fast' finds books by them.
        """,
      arguments: [BookTarget.required, moodsArgument],
      options: [
        removeOption, paceOption, CommonOptions.json("Print JSON: {\"book\", \"changes\"}."),
        LibraryOption.spec,
      ])

    let target: BookTarget
    let adding: [String]
    let removing: [String]
    /// The pace to set: `""` clears it; `nil` leaves it.
    let pace: String?
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
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      guard !adding.isEmpty || !removing.isEmpty || pace != nil else {
        let details = try await library.details(of: book.id)
        let moods = details.moods.isEmpty ? "(none)" : details.moods.joined(separator: ", ")
        context.output.line("\(book.shownTitle) (\(book.id))")
        context.output.line("  moods: " + TerminalText.safe(moods))
        context.output.line("  pace:  " + TerminalText.safe(details.pace ?? "(none)"))
        return
      }
      var edit = BookEdit()
      edit.addingMoods = adding
      edit.removingMoods = removing
      if let pace { edit.fields[.pace] = pace }
      let result = try await context.writer(for: library).apply(.edit(book.id, edit)).edited()
      EditReport.print(result, json: json, context: context)
    }
  }
}
