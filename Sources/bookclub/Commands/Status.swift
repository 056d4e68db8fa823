import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub status [<book> [<status>]]`: where things stand, or where one book stands,
  /// or set it.
  struct Status: ParsableCommand {
    static let signature = CommandSignature(
      name: "status",
      abstract:
        "See where you stand (the books you are reading, the latest notes), or set a book's status.",
      discussion: """
        Without arguments: the books you are reading with their progress, pace and \
        estimated finish, the latest notes, and how many books have each status. With a \
        <book>: that book's status. With a <book> and a <status> (want, reading, finished or \
        abandoned; Goodreads' to-read, currently-reading, read and dnf too): sets it. \
        Finished records 100% and the finish day; abandoned ends the reading. With a book \
        selected, 'bookclub status finished' asks before it sets the selected book's (at a \
        terminal; --force elsewhere): 'bookclub list --status finished' lists books.
        """,
      arguments: [BookTarget.argument, status],
      options: [
        CommonOptions.json("Print JSON."),
        CommonOptions.force("Set the selected book's status without asking."),
      ] + RereadOption.specs + [LibraryOption.spec]
    )

    static let status = OptionalArgument(
      name: "status", help: "want, reading, finished or abandoned.",
      completion: .words(ReadingStatus.allCases.map(\.rawValue)))

    let target: BookTarget
    let newStatus: ReadingStatus?
    let json: Bool
    let reread: ReadingState.Reread?
    /// `status finished` with no book named: the selected book's, once the reader says so.
    let namesNoBook: Bool
    /// That one word, which may also be a book's title (“Read”).
    let word: String?
    let force: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      var target = BookTarget(values)
      var text = values.argument(Self.status)
      // `status finished`: with one word that is a status, the selected book's.
      let namesNoBook = text == nil && target.reference.flatMap(ReadingStatus.init(word:)) != nil
      word = namesNoBook ? target.reference : nil
      if namesNoBook {
        text = target.reference
        target = BookTarget(reference: nil, libraryPath: target.libraryPath)
      }
      self.namesNoBook = namesNoBook
      force = values.flag(CommonOptions.anyForce)
      if let text {
        guard let status = ReadingStatus(word: text) else {
          throw .invalidValue(
            text, for: "<status>",
            allowed: CommandParser.allowedList(
              ReadingStatus.allCases.map(\.rawValue), typed: text))
        }
        newStatus = status
      } else {
        newStatus = nil
      }
      self.target = target
      json = values.flag(CommonOptions.anyJSON)
      reread = try RereadOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      // `status read`, where a book is called “Read”: that book, as before Goodreads' words.
      if let word, ReadingStatus(rawValue: word.lowercased()) == nil,
        try await BookReference.exactly(word, in: context.library(flag: target.libraryPath))
          != nil
      {
        return try await Status(
          showing: BookTarget(reference: word, libraryPath: target.libraryPath), json: json
        ).show(context)
      }
      if let newStatus {
        try await set(newStatus, context)
      } else if target.reference != nil {
        try await show(context)
      } else {
        try await StatusOverview.print(
          library: context.library(flag: target.libraryPath), json: json, context: context)
      }
    }

    /// `status <book>`: shows the book.
    private init(showing target: BookTarget, json: Bool) {
      self.target = target
      self.json = json
      newStatus = nil
      reread = nil
      namesNoBook = false
      word = nil
      force = false
    }

    private func set(_ status: ReadingStatus, _ context: CommandContext) async throws {
      let (found, library) = try await target.resolve(in: context, writing: true)
      // A Goodreads reader types `status abandoned` to see their abandoned books: the
      // selected book changes only when they say so.
      if namesNoBook, !force {
        guard context.terminal.isInputTerminal else {
          throw DecisionError.statusWithoutBook(status, selected: found.shownTitle)
        }
        let question = "Mark the selected book “\(found.shownTitle)” \(status.displayName)?"
        guard Confirmation.ask(question, on: context.errors) else {
          return context.errors.line("Kept.")
        }
      }
      let known = try await library.hasKnownStatus(found.id)
      guard found.status != status || !known else {
        context.errors.line("“\(found.shownTitle)” is already \(status.displayName).")
        return
      }
      let writer = context.writer(for: library)
      let updated = try await RereadOption.resolving(reread, book: found, context: context) {
        try await writer.apply(.setStatus(found.id, status, at: Date(), reread: $0)).bookAfter()
      }
      context.output.line(
        "\(updated.shownTitle): \(known ? found.status.displayName : "unknown status") → "
          + updated.status.displayName)
    }

    /// One book's status line: `Middlemarch · reading · ███░░ 34% · page 300 of 880`.
    private func show(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      if json {
        context.output.line(ProgressText.json(reading).text)
        return
      }
      context.output.line(
        StatusOverview.line(reading.book, progress: reading.progress.value ?? ReadingProgress()))
    }
  }
}
