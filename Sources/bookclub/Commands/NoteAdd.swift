import Foundation
import ReadingModel

extension Bookclub.Note {
  /// `bookclub note add <book> <text>`
  struct Add: ParsableCommand {
    static let signature = CommandSignature(
      name: "add",
      abstract: "Keep a note at the book's current progress.",
      arguments: [BookReference.argument, ArgumentSpec(name: "text", help: "The note.")],
      options: [LibraryOption.spec]
    )

    let book: String
    let text: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      book = values.argument("book") ?? ""
      text = values.argument("text") ?? ""
      guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw .invalidValue(text, for: "<text>", allowed: "A note needs some text.")
      }
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let reading = try await ReadingSession.open(book, libraryPath: libraryPath, context: context)
      let entry = try await reading.record(nil, note: text)
      context.output.line(ProgressText.shortID(entry))
      context.errors.line(
        "Noted on “\(reading.book.title)” at \(ProgressText.position(entry.progress, of: reading.book))."
      )
    }
  }
}
