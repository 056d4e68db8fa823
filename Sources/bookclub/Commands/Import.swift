import Foundation
import ReadingModel

extension Bookclub {
  /// `bookclub import <file>`: Goodreads, StoryGraph or bookclub exports in.
  struct Import: ParsableCommand {
    static let signature = CommandSignature(
      name: "import",
      abstract: "Bring in books from a Goodreads, StoryGraph or bookclub export.",
      discussion: """
        The import is one transaction: all of it or nothing. Books already in the library \
        (same source id, ISBN, or title and first author) are updated, not duplicated, so \
        importing a newer export is safe. Every row is accounted for in the summary. Ctrl-C \
        cancels and changes nothing.
        """,
      arguments: [ArgumentSpec(name: "file", help: "The export file.")],
      options: [
        .value(
          "format", valueName: "format", help: "The file's format; detected when not given.",
          allowedValues: ImportFormat.allCases.map(\.rawValue)),
        .flag("dry-run", help: "Show what would happen, and change nothing."),
        .flag("json", help: "Print the summary as JSON on stdout."),
        LibraryOption.spec,
      ]
    )

    let file: String
    let format: ImportFormat?
    let dryRun: Bool
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      file = values.argument("file") ?? ""
      format = values.choice("format", as: ImportFormat.self)
      dryRun = values.flag("dry-run")
      json = values.flag("json")
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let path = UserFolder.absolute(file, environment: context.environment)
      let format = try self.format ?? ImportFormat.detect(path: path)
      let library = context.library(flag: libraryPath)
      let line = context.terminal.isErrorTerminal ? ProgressLine(label: "Importing") : nil
      let progress = line.map(Self.drawer)
      let dryRun = self.dryRun
      let summary: ImportSummary
      do {
        summary = try await InterruptHandler.cancellable {
          try await library.importBooks(
            from: { try format.source(path: path) }, dryRun: dryRun, progress: progress)
        }
      } catch is CancellationError {
        line?.clear()
        context.errors.line("Import cancelled; nothing was changed.")
        throw CancellationError()
      }
      line?.clear()
      if json {
        context.output.line(ImportReport.json(summary).text)
      } else {
        ImportReport.print(summary, file: file, to: context.errors)
      }
    }

    /// Draws an import's progress on `line`.
    private static func drawer(_ line: ProgressLine) -> @Sendable (ImportProgress) -> Void {
      { progress in
        let fraction = Double(progress.bytesRead) / Double(max(progress.totalBytes, 1))
        line.draw(fraction, detail: "\(progress.rows) rows")
      }
    }
  }
}
