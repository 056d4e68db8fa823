import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub show <book>`: everything about one book.
  struct Show: BookReportCommand {
    static let signature = reportSignature(
      name: "show",
      abstract: "Show one book: details, status, progress, readings, pace, notes and history.",
      json: "Print JSON.")

    /// How many notes `show` lists, newest last.
    static let noteCount = 3

    let target: BookTarget
    let json: Bool

    func run(_ context: CommandContext) async throws {
      let reading = try await target.open(in: context)
      let library = context.library(flag: target.libraryPath)
      let changes = try await library.statusChanges(of: reading.book.id)
      let report = BookReport(
        reading: reading, changes: changes,
        details: try await library.details(of: reading.book.id),
        history: try await library.history(of: reading.book.id),
        series: try await library.series(of: reading.book.id),
        editions: try await library.editions(of: reading.book.id),
        highlightCount: try await library.highlights(of: reading.book.id).count,
        noteCount: Self.noteCount)
      if json {
        context.output.line(report.json.text)
      } else {
        var lines = report.lines(colors: context.terminal.colorsOutput)
        lines += SyncConflictLines.lines(try await library.syncConflicts(of: reading.book.id))
        // At a terminal wide enough, with the cover beside the details (README, "Covers").
        CoverBeside.write(lines, book: reading.book, context: context)
      }
    }
  }
}
