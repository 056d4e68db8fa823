import ReadingModel

extension Bookclub.Note {
  /// `bookclub note remove <entry-id>`
  struct Remove: ParsableCommand {
    static let signature = CommandSignature(
      name: "remove",
      abstract: "Remove the note of one entry (the entry and its progress stay).",
      discussion: "Asks first at a terminal; elsewhere it needs --force.",
      arguments: [Bookclub.Note.entryArgument],
      options: [
        .flag("force", short: "f", help: "Remove without asking."),
        LibraryOption.spec,
      ]
    )

    let entryID: String
    let force: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      entryID = values.argument("entry-id") ?? ""
      force = values.flag("force")
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
      let question = "Remove the note of entry \(shortID), “\(ProgressText.oneLine(note))”?"
      guard try Confirmation.confirm(question, force: force, context: context) else { return }
      _ = try await library.setNote(nil, ofEntry: located.entry.id)
      context.errors.line("Note of entry \(shortID) removed.")
    }
  }
}
