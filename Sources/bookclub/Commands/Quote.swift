import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub quote add <book> <text> [--page N | --at-percent P] [--note <text>] [--share]`
  struct Quote: CommandGroup {
    static let signature = CommandSignature(
      name: "quote", abstract: "Keep a quote from a book: text you typed, at its page.",
      discussion: "'bookclub highlights <book>' lists a book's quotes with its highlights.",
      subcommands: [Add.self])
  }
}

extension Bookclub.Quote {
  struct Add: ParsableCommand {
    static let textArgument = RequiredArgument(name: "text", help: "The quote, as the book has it.")
    static let page = OptionSpec.value("page", valueName: "page", help: "The page it is on.")
    static let percent = OptionSpec.value(
      "at-percent", valueName: "percent", help: "Where it is, in percent (45).")
    static let note = OptionSpec.value("note", valueName: "text", help: "Your note on it.")
    static let share = OptionSpec.flag(
      "share",
      help: "Share it with the clubs reading this book (shown to each member once they have "
        + "read as far).")

    static let signature = CommandSignature(
      name: "add", abstract: "Keep a quote at its page (or where you are in the book).",
      arguments: [BookTarget.required, textArgument],
      options: [
        page, percent, note, share, CommonOptions.json("Print JSON: the quote."),
        LibraryOption.spec,
      ])

    let target: BookTarget
    let text: String
    let page: Int?
    let percent: Double?
    let note: String?
    let shares: Bool
    let json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
      target = BookTarget(requiring: values)
      text = values.argument(Self.textArgument)
      page = try values.integer(Self.page, in: 0...StoredValue.pageCounts.upperBound)
      if let text = values.string(Self.percent) {
        guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text),
          (0...100).contains(value)
        else { throw .invalidValue(text, for: Self.percent.display, allowed: "Give 0 to 100.") }
        percent = value
      } else {
        percent = nil
      }
      if page != nil, percent != nil {
        throw .invalidValue(
          "--page --at-percent", for: Self.page.display, allowed: "Give one of them.")
      }
      note = values.string(Self.note)
      shares = values.flag(Self.share)
      json = values.flag(CommonOptions.anyJSON)
      let quote = Highlight(kind: .quote, text: text, note: note, time: Date())
      if let problem = quote.problem {
        throw .invalidValue(
          TerminalText.shortened(text, to: 40), for: "<text>", allowed: problem.errorDescription)
      }
    }

    func run(_ context: CommandContext) async throws {
      let (book, library) = try await target.resolve(in: context, writing: true)
      // Where it is: the page given, the percent given, else where the reader is now.
      let position: Double
      if let page {
        guard let pages = book.pageCount else { throw ProgressInputError.pagesUnknown }
        guard page <= pages else { throw ProgressInputError.pageBeyondEnd(page, pageCount: pages) }
        position = Double(page) / Double(pages)
      } else {
        let current = try await library.progress(of: book.id).currentFraction(status: book.status)
        position = percent.map { $0 / 100 } ?? current
      }
      let quote = Highlight(
        kind: .quote, text: text, note: note?.trimmingWhitespace().isEmpty == true ? nil : note,
        position: position, page: page, time: Date())
      _ = try await context.writer(for: library).apply(
        .addHighlights(book.id, [quote], sharedWithClubs: shares))
      if json { return context.output.line(HighlightReport.json(quote, book: book.id).text) }
      context.output.line(
        "Kept the quote from “\(book.shownTitle)” at \(ProgressText.position(position, of: book)).")
    }
  }
}
