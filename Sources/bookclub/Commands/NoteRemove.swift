import ReadingModel

extension Bookclub.Note {
  /// `bookclub note remove <entry-id>`
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove",
      abstract: "Remove a note.",
      discussion: """
        A note added with 'note add' goes entirely; a note written with 'progress set --note' \
        leaves its progress entry in place. Asks first at a terminal; elsewhere it needs --force.
        """,
      arguments: [Bookclub.Note.entryArgument],
      options: [CommonOptions.force("Remove without asking."), LibraryOption.spec]
    )

    let entryID: String
    let force: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      entryID = values.argument(Bookclub.Note.entryArgument)
      force = values.flag(CommonOptions.anyForce)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let located = try await EntryReference.resolve(entryID, in: library)
      let shortID = ProgressText.shortID(located.entry)
      guard let note = located.entry.note else {
        context.errors.line("Entry \(shortID) has no note; nothing to remove.")
        return
      }
      let subject = located.entry.kind == .note ? "note" : "the note of entry"
      let question = "Remove \(subject) \(shortID), “\(ProgressText.oneLine(note))”?"
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      if located.entry.kind == .note {
        // A note entry holds nothing but its note: keeping it would leave an empty row.
        try await context.writer(for: library).apply(.removeEntry(located.entry.id))
        context.errors.line("Note \(shortID) removed.")
      } else {
        try await context.writer(for: library).apply(.setNote(entry: located.entry.id, to: nil))
        context.errors.line("Note of entry \(shortID) removed; its progress stays.")
      }
    }
  }
}
