import Foundation
import ReadingModel

extension Bookclub.Note {
  /// `bookclub note add <book> <text>`
  struct Add: ParsableCommand {
    static let signature = CommandSignature(
      name: "add",
      abstract: "Keep a note at the book's current progress.",
      arguments: [BookTarget.argument, ArgumentSpec(name: "text", help: "The note.")],
      options: [LibraryOption.spec]
    )

    let target: BookTarget
    let text: String

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      text = values.argument("text") ?? ""
      guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw .invalidValue(text, for: "<text>", allowed: "A note needs some text.")
      }
    }

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      let entry = try await reading.record(nil, note: text)
      context.output.line(ProgressText.shortID(entry))
      context.errors.line(
        "Noted on “\(reading.book.shownTitle)” at \(ProgressText.position(entry.progress, of: reading.book))."
      )
    }
  }
}
