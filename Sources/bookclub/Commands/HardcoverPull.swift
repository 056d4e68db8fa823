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
      let positions: [HardcoverPositions.Move]
      do {
        let writer = context.writer(for: library)
        (summary, positions) = try await InterruptHandler.cancellable {
          let (userID, books) = try await api.library(tokenFile: token) { count in
            line?.draw(0, detail: "\(count) books")
          }
          let before = try await HardcoverPositions(library: library)
          let summary = try await writer.importBooks(
            from: { HardcoverLibrary(books: books, userID: userID) }, options: options,
            progress: nil)
          guard !options.dryRun else { return (summary, []) }
          return (summary, try await before.moves(to: books, library: library))
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
      line?.clear()
      let moved = try await record(positions, context: context, library: library)
      InterruptHandler.ignoreFromNowOn()
      report(summary, context, positions: moved)
    }

    /// Records where Hardcover says the reader is, each as a progress entry of its own.
    ///
    /// - Returns: What was recorded, or why not.
    private func record(
      _ moves: [HardcoverPositions.Move], context: CommandContext, library: SQLiteLibrary
    ) async throws -> [(HardcoverPositions.Move, String?)] {
      guard !moves.isEmpty else { return [] }
      let results = try await context.writer(for: library).applyEach(moves.map(\.change))
      return zip(moves, results).map { move, result in
        switch result {
        case .success: (move, nil)
        case .failure(let error): (move, error.explanation)
        }
      }
    }

    private func report(
      _ summary: ImportSummary, _ context: CommandContext,
      positions: [(HardcoverPositions.Move, String?)] = []
    ) {
      if json {
        var object = ImportReport.json(summary)
        if case .object(var members) = object {
          members["positions"] = .array(
            positions.map { move, problem in
              .object([
                "book": .integer(move.book), "title": .string(move.title),
                "position": .string(move.text), "recorded": .bool(problem == nil),
                "problem": problem.map { .string($0) } ?? .null,
              ])
            })
          object = .object(members)
        }
        return context.output.line(object.text)
      }
      ImportReport.print(summary, file: "your Hardcover library", to: context.errors)
      guard !positions.isEmpty else { return }
      context.errors.line("Where you are, from Hardcover:")
      for (move, problem) in positions {
        let said = problem.map { " (not recorded: \($0))" } ?? ""
        context.errors.line(TerminalText.safe("  #\(move.book) \(move.title): \(move.text)\(said)"))
      }
    }
  }
}
