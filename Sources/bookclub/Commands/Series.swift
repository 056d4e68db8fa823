import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub series [<name>]`: your series and how far you are in each, or one series'
  /// books in order.
  struct Series: CommandGroup {
    static let nameArgument = OptionalArgument(
      name: "name", help: "A series (case and accents ignored). Default: every series.",
      completion: .series)
    static let jsonFlag = CommonOptions.json(
      "Print JSON: [{\"series\", \"books\", \"finished\", \"next\", \"members\"}].")

    static let signature = CommandSignature(
      name: "series",
      abstract: "Your series: how many of each you have read, and the book to read next.",
      discussion: """
        'series add <book> "The Broken Earth" 1' puts a book in a series at a place (1, 1.5, \
        1-3 for an omnibus); 'series remove <book> <name>' takes it out. Goodreads titles \
        name their series (`The Fifth Season (The Broken Earth, #1)`): an import reads them, \
        and the title stays as it was.
        """,
      arguments: [nameArgument], options: [jsonFlag, LibraryOption.spec],
      subcommands: [Add.self, Remove.self])

    let name: String?
    let json: Bool
    let libraryPath: String?

    init() {
      name = nil
      json = false
      libraryPath = nil
    }

    init(_ values: ParsedValues) throws(UsageError) {
      name = values.argument(Self.nameArgument)
      json = values.flag(Self.jsonFlag)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      if let name {
        guard let series = try await library.series(named: name) else {
          throw SeriesCommandError.noSeries(name)
        }
        if json { return context.output.line(SeriesJSON.array([series]).text) }
        for line in SeriesReport.lines(series) { context.output.line(line) }
        return
      }
      let all = try await library.series()
      if json { return context.output.line(SeriesJSON.array(all).text) }
      guard !all.isEmpty else {
        context.errors.line(
          "No series yet. Put a book in one: bookclub series add <book> <name> <place>")
        return
      }
      for line in SeriesReport.overview(all) { context.output.line(line) }
    }
  }
}

/// Why a series command could not do what was asked.
enum SeriesCommandError: Error, LocalizedError {
  /// No book is in a series of that name.
  case noSeries(String)
  /// The book is not in that series.
  case notInSeries(book: String, series: String, has: [String])

  var errorDescription: String? {
    switch self {
    case .noSeries(let name):
      "No book is in a series called '\(TerminalText.safe(name))'. 'bookclub series' lists them."
    case .notInSeries(let book, let series, let has):
      "“\(book)” is not in '\(TerminalText.safe(series))'"
        + (has.isEmpty
          ? " (it is in no series)."
          : " (it is in \(has.map { "'\(TerminalText.safe($0))'" }.joined(separator: ", "))).")
    }
  }
}
