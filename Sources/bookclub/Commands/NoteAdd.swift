import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Note {
  /// `bookclub note add <book> <text>`
  struct Add: ParsableCommand {
    static let signature = CommandSignature(
      name: "add",
      abstract: "Keep a note at the book's current position (a note never moves the book).",
      discussion: """
        The note is kept at where you are in the book, or at --at-page or --at-percent; it \
        is not a position of its own, so it changes neither your progress nor the book's \
        status.
        """,
      arguments: [BookTarget.argument, text],
      options: [atPage, atPercent, shareFlag, json, LibraryOption.spec]
    )

    static let json = CommonOptions.json(
      "Print JSON: {\"entry\", \"book\"}, the note's entry as 'note list --json' has it.")
    static let shareFlag = OptionSpec.flag(
      "share",
      help: "Share the note with the clubs reading this book (shown to each member once they "
        + "have read as far).")

    static let text = RequiredArgument(name: "text", help: "The note.")
    static let atPage = OptionSpec.value(
      "at-page", valueName: "page", help: "Keep the note at this page instead.")
    static let atPercent = OptionSpec.value(
      "at-percent", valueName: "percent", help: "Keep the note at this percent instead (45).")

    let target: BookTarget
    let text: String
    let position: ProgressInput?
    let shares: Bool
    let printsJSON: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(values)
      shares = values.flag(Self.shareFlag)
      printsJSON = values.flag(CommonOptions.anyJSON)
      text = values.argument(Self.text)
      guard !text.trimmingWhitespace().isEmpty else {
        throw .invalidValue(text, for: "<text>", allowed: "A note needs some text.")
      }
      let page = try values.integer(Self.atPage, in: 0...100_000)
      let percent = values.string(Self.atPercent)
      switch (page, percent) {
      case (nil, nil): position = nil
      case (let page?, nil): position = .page(page)
      case (nil, let text?):
        guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text),
          (0...100).contains(value)
        else {
          throw .invalidValue(text, for: Self.atPercent.display, allowed: "Give 0 to 100.")
        }
        position = .percent(value)
      case (_?, _?):
        throw .invalidValue(
          "--at-page --at-percent", for: Self.atPage.display, allowed: "Give one of them.")
      }
    }

    func run(_ context: CommandContext) async throws {
      try await refuseGuess(context)
      let reading = try await target.open(in: context, writing: true)
      let entry: ReadingProgress.Entry
      do {
        entry = try await reading.note(text, at: position, sharedWithEveryClub: shares)
      } catch let error as ProgressInputError {
        throw UsageError.invalidProgress(error.errorDescription ?? "\(error)")
      }
      if printsJSON {
        return context.output.line(
          JSONValue.object([
            "entry": ProgressText.json(entry, of: reading.book),
            "book": .raw(BookJSON.object(ListedBook(book: reading.book, progress: nil))),
          ]).text)
      }
      context.output.line(ProgressText.shortID(entry))
      context.errors.line(
        "Noted on “\(reading.book.shownTitle)” at \(ProgressText.position(entry.progress, of: reading.book))."
      )
    }

    /// `note add emma` with a book selected: the selection would make 'emma' the note, but
    /// 'emma' names a book. bookclub does not guess.
    private func refuseGuess(_ context: CommandContext) async throws {
      guard target.reference == nil, let selection = context.selection.load() else { return }
      let library = context.library(flag: target.libraryPath)
      guard let named = try await BookReference.exactly(text, in: library),
        named.id != selection.bookID,
        let selected = try await library.book(id: selection.bookID)
      else { return }
      let quoted = ShellQuoting.quote(text)
      throw DecisionError.ambiguousWithSelection(
        text, book: named.title, selected: selected.title,
        alternatives: [
          "bookclub note add \(selected.id) \(quoted) (the note “\(text)” on “\(selected.title)”)",
          "bookclub note add \(named.id) <text> (a note on “\(named.title)”)",
        ])
    }
  }
}
