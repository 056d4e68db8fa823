import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub highlights [<book>]`: a book's highlights and quotes in book order, or every
  /// book's newest first.
  struct Highlights: CommandGroup {
    static let bookArgument = OptionalArgument(
      name: "book", help: "A book: its id, ISBN or words of its title. Default: every book's.",
      completion: .book)
    static let searchOption = OptionSpec.value(
      "search", valueName: "text", help: "Only highlights whose text or note holds this.")
    static let newestFlag = OptionSpec.flag(
      "newest", help: "A book's newest first, not in book order.")
    static let limitOption = OptionSpec.value(
      "limit", valueName: "count", help: "At most this many of every book's (default 50).")
    static let jsonFlag = CommonOptions.json(
      "Print JSON: [{\"book\", \"id\", \"kind\", \"text\", \"note\", \"position\", \"page\", "
        + "\"location\", \"time\", \"color\", \"device\"}].")

    static let signature = CommandSignature(
      name: "highlights",
      abstract: "Your highlights and quotes: a book's in book order, or every book's newest first.",
      discussion: """
        Highlights come from an e-reader ('bookclub ingest'); quotes are the ones you type \
        ('bookclub quote add'). 'highlights export <book>' writes a book's as Markdown; \
        'highlights note <id> <text>' and 'highlights remove <id>' change one, and 'undo' \
        takes that back.
        """,
      arguments: [bookArgument],
      options: [searchOption, newestFlag, limitOption, jsonFlag, LibraryOption.spec],
      subcommands: [Export.self, Note.self, Remove.self])

    let book: String?
    let search: String?
    let newest: Bool
    let limit: Int
    let json: Bool
    let libraryPath: String?

    init() {
      (book, search, newest, limit, json, libraryPath) = (nil, nil, false, 50, false, nil)
    }

    init(_ values: ParsedValues) throws(UsageError) {
      book = values.argument(Self.bookArgument)
      search = values.string(Self.searchOption).flatMap { $0.isEmpty ? nil : $0 }
      newest = values.flag(Self.newestFlag)
      limit = try values.integer(Self.limitOption, in: 1...100_000) ?? 50
      json = values.flag(Self.jsonFlag)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      if let reference = book {
        let book = try await BookReference.resolve(reference, in: library)
        var highlights = try await library.highlights(of: book.id).filter(matches)
        if newest { highlights.sort { $0.time > $1.time } }
        if json {
          return context.output.line(
            JSONValue.array(highlights.map { HighlightReport.json($0, book: book.id) }).text)
        }
        guard !highlights.isEmpty else {
          return context.errors.line(
            "“\(book.shownTitle)” has no highlights\(search == nil ? "" : " that match")."
              + " 'bookclub quote add \(book.id) <text>' keeps a quote.")
        }
        context.output.line("\(book.shownTitle) (\(book.id)) — \(Self.count(highlights.count))")
        for highlight in highlights {
          context.output.line("")
          for line in HighlightReport.lines(highlight) { context.output.line(line) }
        }
        return
      }
      let found = try await library.newestHighlights(search: search, limit: limit)
      if json {
        return context.output.line(
          JSONValue.array(found.map { HighlightReport.json($0.highlight, book: $0.book.id) }).text)
      }
      guard !found.isEmpty else {
        return context.errors.line(
          search == nil
            ? "No highlights yet. 'bookclub ingest <e-reader>' brings a device's in; "
              + "'bookclub quote add <book> <text>' keeps a quote."
            : "No highlight holds that.")
      }
      var shown: Book.ID?
      for (book, highlight) in found {
        if book.id != shown {
          if shown != nil { context.output.line("") }
          context.output.line("\(book.shownTitle) (\(book.id))")
          shown = book.id
        }
        for line in HighlightReport.lines(highlight) { context.output.line("  " + line) }
      }
    }

    /// Whether `highlight` holds the search, case ignored.
    private func matches(_ highlight: Highlight) -> Bool {
      guard let search else { return true }
      let folded = SearchKey.fold(search)
      return SearchKey.fold(highlight.text).contains(folded)
        || SearchKey.fold(highlight.note ?? "").contains(folded)
    }

    static func count(_ count: Int) -> String { count == 1 ? "1 highlight" : "\(count) highlights" }
  }
}
