import Foundation
import ReadingModel

extension Bookclub.Progress {
  /// `bookclub progress set <book> <value>`
  struct Set: ParsableCommand {
    static let signature = CommandSignature(
      name: "set",
      abstract: "Record where you are in a book.",
      discussion: """
        <value> is a page (123), a percent (45% or 45.5%), pages from where you are (+20 or \
        -5), or done. Reaching 100% marks the book finished; progress on a finished or \
        abandoned book reopens it.
        """,
      arguments: [
        BookTarget.argument,
        ArgumentSpec(name: "value", help: "Where you are: 123, 45%, +20, -5 or done."),
      ],
      options: [
        .value("note", valueName: "text", help: "A note to keep with this entry."),
        .value(
          "at", valueName: "date",
          help: "When you were there: 2024-05-12, '2024-05-12 21:30', yesterday. Default: now."),
        LibraryOption.spec,
      ]
    )

    let target: BookTarget
    let value: ProgressInput
    let note: String?
    let time: Date?

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      do {
        value = try ProgressInput(parsing: values.argument("value") ?? "")
      } catch {
        throw .invalidProgress(error.errorDescription ?? "")
      }
      note = values.string("note")
      time = try DateOption.value("at", in: values)
    }

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      try await reading.record(value, note: note, at: time)
      context.output.line(ProgressText.summary(reading))
    }
  }
}
