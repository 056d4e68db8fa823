import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Hardcover {
  /// `bookclub hardcover pull [--dry-run] [--prefer library|source] [--json]`
  struct Pull: ParsableCommand {
    static let signature = CommandSignature(
      name: "pull",
      abstract: "Bring your Hardcover library in, merged as an import is.",
      discussion: """
        Reads every book of your Hardcover library (its status, rating, readings with their \
        days, review, and where you are in the read going on) and merges it three ways with \
        what Hardcover said at the last pull or push: a field changes here only where it \
        changed on Hardcover since; where you changed it here too, yours is kept and the \
        conflict listed. Books are matched by the Hardcover id an earlier pull or push \
        linked, then by ISBN, then by title and first author. One transaction, undone \
        whole by 'bookclub undo'; Ctrl-C changes nothing.
        """,
      options: [
        Bookclub.Import.prefer, Bookclub.Import.dryRun,
        CommonOptions.json("Print the summary as JSON on stdout."), LibraryOption.spec,
      ])

    let options: ImportOptions
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      options = ImportOptions(
        dryRun: values.flag(Bookclub.Import.dryRun),
        prefer: values.choice(Bookclub.Import.prefer, as: MergePreference.self) ?? .library,
        origin: "Hardcover")
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let (api, token) = try HardcoverAPI.loggedIn(environment: context.environment)
      let library = context.library(flag: libraryPath)
      let line = context.terminal.isErrorTerminal ? ProgressLine(label: "Reading Hardcover") : nil
      let options = self.options
      let summary: ImportSummary
      let positions: HardcoverPositions
      do {
        let writer = context.writer(for: library)
        (summary, positions) = try await InterruptHandler.cancellable {
          let (userID, books) = try await api.library(tokenFile: token) { count in
            line?.draw(0, detail: "\(count) books")
          }
          let positions = try await HardcoverPositions(books: books, library: library)
          let baseProgress = positions.baseProgress
          // The import is the last thing cancelled: once it is in, the pull goes on.
          let summary = try await writer.importBooks(
            from: { HardcoverLibrary(books: books, userID: userID, baseProgress: baseProgress) },
            options: options, progress: nil)
          return (summary, positions)
        }
      } catch is CancellationError {
        line?.clear()
        context.errors.line("Pull cancelled; nothing was changed.")
        throw CancellationError()
      } catch ImportError.nothingImported(let summary) {
        line?.clear()
        report(summary, context)
        throw ImportError.nothingImported(summary)
      }
      InterruptHandler.ignoreFromNowOn()  // committed: the positions follow it
      line?.clear()
      var said = positions.kept.map {
        Position(book: $0.book, title: $0.title, text: "", problem: "not taken: \($0.reason)")
      }
      if options.dryRun {
        said += positions.moves.map {
          Position(book: $0.book, title: $0.title, text: $0.text, problem: nil)
        }
      } else {
        said += try await record(
          try await positions.movesAfterImport(library: library), context: context,
          library: library)
      }
      report(summary, context, positions: said)
    }

    /// A position from Hardcover: recorded, or why not.
    struct Position {
      let book: Book.ID
      let title: String
      let text: String
      let problem: String?
    }

    /// Records where Hardcover says the reader is, each as a progress entry of its own.
    ///
    /// - Returns: What was recorded, or why not.
    private func record(
      _ moves: [HardcoverPositions.Move], context: CommandContext, library: SQLiteLibrary
    ) async throws -> [Position] {
      let recorded = moves.compactMap { move in move.change.map { (move, $0) } }
      guard !recorded.isEmpty else { return [] }
      let results = try await context.writer(for: library).applyEach(recorded.map(\.1))
      return zip(recorded.map(\.0), results).map { move, result in
        let problem: String? =
          switch result {
          case .success: nil
          case .failure(let error): "not recorded: \(error.explanation)"
          }
        return Position(book: move.book, title: move.title, text: move.text, problem: problem)
      }
    }

    private func report(
      _ summary: ImportSummary, _ context: CommandContext, positions: [Position] = []
    ) {
      if json {
        var object = ImportReport.json(summary)
        if case .object(var members) = object {
          members["positions"] = .array(
            positions.map { position in
              .object([
                "book": .integer(position.book), "title": .string(position.title),
                "position": .string(position.text),
                "recorded": .bool(position.problem == nil && !summary.dryRun),
                "problem": position.problem.map { .string($0) } ?? .null,
              ])
            })
          object = .object(members)
        }
        return context.output.line(object.text)
      }
      ImportReport.print(summary, file: "your Hardcover library", to: context.errors)
      guard !positions.isEmpty else { return }
      context.errors.line(
        summary.dryRun
          ? "Where you are, from Hardcover (would record):" : "Where you are, from Hardcover:")
      for position in positions {
        let text = [position.text, position.problem].compactMap { $0 }.filter { !$0.isEmpty }
          .joined(separator: " ")
        let book = position.book == 0 ? "" : "#\(position.book) "  // one the pull would add
        context.errors.line(TerminalText.safe("  \(book)\(position.title): \(text)"))
      }
    }
  }
}
