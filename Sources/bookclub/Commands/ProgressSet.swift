import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Progress {
  /// `bookclub progress set <book> <value>`
  struct Set: ParsableCommand {
    static let signature = CommandSignature(
      name: "set",
      abstract: "Record where you are in a book.",
      discussion: """
        <value> is a page (123), a percent (45% or 45.5%), pages from where you are (+20 or \
        -5), a time into an audiobook (3:25, hours:minutes) or time from where you are \
        (+0:40 or -0:10), or done. The first position above 0 starts a reading; reaching 100% finishes it, \
        with the day. Progress on a finished or abandoned book is a re-read (--reread: a new \
        reading) or goes on with the last reading (--no-reread); at a terminal bookclub asks. \
        An entry dated (--at) before the newest one is kept in the history but does not move \
        the book.
        """,
      arguments: [BookTarget.argument, value],
      options: [note, at, json] + RereadOption.specs + [LibraryOption.spec]
    )

    static let json = CommonOptions.json(
      "Print JSON: the entry recorded, and where the book stands as 'status <book> --json' says.")

    static let value = RequiredArgument(
      name: "value", help: "Where you are: 123, 45%, +20, -5, 3:25, +0:40 or done.")
    static let note = OptionSpec.value(
      "note", valueName: "text", help: "A note to keep with this entry.")
    static let at = OptionSpec.value(
      "at", valueName: "date",
      help: "When you were there: \(DateOption.forms). Default: now.")

    let target: BookTarget
    let value: ProgressInput
    let note: String?
    let time: DateOption.Typed?
    let reread: ReadingState.Reread?
    let printsJSON: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      printsJSON = values.flag(CommonOptions.anyJSON)
      do {
        value = try ProgressInput(parsing: values.argument(Self.value))
      } catch {
        throw .invalidProgress(error.errorDescription ?? "")
      }
      note = values.string(Self.note)
      time = try DateOption.typed(Self.at, in: values)
      reread = try RereadOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context, writing: true)
      if let resolution = time?.resolution { context.errors.line(resolution) }
      let entry = try await RereadOption.resolving(reread, book: reading.book, context: context) {
        choice in
        try await reading.record(value, note: note, at: time?.date, reread: choice)
      }
      if printsJSON {
        guard case .object(var fields) = ProgressText.json(reading) else { return }
        fields["entry"] = ProgressText.json(entry, of: reading.book)
        return context.output.line(JSONValue.object(fields).text)
      }
      context.output.line(ProgressText.summary(reading))
      if let newest = reading.progress.value?.entries.last, newest.id != entry.id,
        newest.time > entry.time
      {
        // Dated before the newest entry: kept in the history, the book does not move.
        context.errors.line(
          "Kept in the history at \(DateText.day(entry.time)) "
            + "(\(ProgressText.position(entry.progress, of: reading.book))); the newest entry, "
            + "of \(DateText.day(newest.time)), stays where the book is.")
      }
    }
  }
}
