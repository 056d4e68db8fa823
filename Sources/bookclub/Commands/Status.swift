import Foundation
import ReadingModel

extension Bookclub {
  /// `bookclub status <book> <status>`
  struct Status: ParsableCommand {
    static let signature = CommandSignature(
      name: "status",
      abstract: "Set where you stand with a book: want, reading, finished or abandoned.",
      arguments: [
        BookTarget.argument,
        ArgumentSpec(name: "status", help: "want, reading, finished or abandoned."),
      ],
      options: [LibraryOption.spec]
    )

    let target: BookTarget
    let status: ReadingStatus

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      let text = values.argument("status") ?? ""
      guard let status = ReadingStatus(rawValue: text.lowercased()) else {
        throw .invalidValue(
          text, for: "<status>",
          allowed: "Please provide one of 'want', 'reading', 'finished' or 'abandoned'.")
      }
      self.status = status
    }

    func run(_ context: CommandContext) async throws {
      let (found, library) = try await target.resolve(in: context)
      guard found.status != status else {
        context.errors.line("“\(found.shownTitle)” is already \(status.displayName).")
        return
      }
      let updated = try await library.setStatus(status, of: found.id, at: Date())
      context.output.line(
        "\(updated.shownTitle): \(found.status.displayName) → \(updated.status.displayName)")
    }
  }
}
