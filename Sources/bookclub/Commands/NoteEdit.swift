import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Note {
  /// `bookclub note edit <entry-id> <text>`
  struct Edit: ParsableCommand {
    static let signature = CommandSignature(
      name: "edit",
      abstract: "Replace the note of one entry; its progress and time stay.",
      arguments: [Bookclub.Note.entryArgument, text],
      options: [LibraryOption.spec]
    )

    static let text = RequiredArgument(name: "text", help: "The new note.")

    let entryID: String
    let text: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      entryID = values.argument(Bookclub.Note.entryArgument)
      text = values.argument(Self.text)
      guard !text.trimmingWhitespace().isEmpty else {
        throw .invalidValue(
          text, for: "<text>",
          allowed: "A note needs some text; to remove one, use 'bookclub note remove'.")
      }
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let located = try await EntryReference.resolve(entryID, in: library)
      let entry = try await context.writer(for: library).apply(
        .setNote(entry: located.entry.id, to: text)
      ).noteSet()
      context.errors.line("Note of entry \(ProgressText.shortID(entry)) replaced.")
    }
  }
}
