import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub import <file>`: Goodreads, StoryGraph, Hardcover or bookclub exports in.
  struct Import: ParsableCommand {
    static let signature = CommandSignature(
      name: "import",
      abstract:
        "Bring in books from another service's export, or from bookclub's own.",
      discussion: """
        Reads Goodreads, StoryGraph, Hardcover and BookWyrm CSV exports, BookWyrm's account \
        export, LibraryThing's export (TSV or CSV), an Openreads backup or CSV and bookclub's own \
        export, each told from the file. The import is one transaction: all of it or nothing, and Ctrl-C changes nothing. \
        Every row is a book: a row comes back to the book its id in the export names \
        (Goodreads' Book Id, StoryGraph's ISBN/UID, Hardcover's Book ID, BookWyrm's \
        remote_id, LibraryThing's Book Id, Openreads' id, another library's id); a book not yet \
        imported from that service is found by ISBN, or by title and first author. \
        Re-importing merges three ways: a field changes only where the export changed it \
        since its last import; where you changed it here too, yours is kept and the \
        conflict listed. The summary lists every changed field, before and after.
        """,
      arguments: [fileArgument],
      options: [
        format, prefer, shelf, dryRun, CommonOptions.json("Print the summary as JSON on stdout."),
        LibraryOption.spec,
      ]
    )

    static let fileArgument = RequiredArgument(
      name: "file", help: "The export file.", completion: .file)
    static let format = OptionSpec.value(
      "format", valueName: "format", help: "The file's format; detected when not given.",
      allowedValues: ImportFormat.allCases.map(\.rawValue))
    static let prefer = OptionSpec.value(
      "prefer", valueName: "side",
      help: "Who wins a conflict: library (yours) or source (the export's).",
      defaultValue: "library", allowedValues: MergePreference.allCases.map(\.rawValue))
    static let shelf = OptionSpec.value(
      "shelf", valueName: "name=status",
      help: "What a custom shelf means: want, reading, finished or abandoned. Repeatable.",
      isRepeating: true)
    static let dryRun = OptionSpec.flag(
      "dry-run", help: "Show what would change, field by field; touch no file.")

    let file: String
    let format: ImportFormat?
    let options: ImportOptions
    let shelves: ShelfMapping
    /// The `--shelf` values as given, for an error about them.
    let shelfValues: [String]
    let json: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      file = values.argument(Self.fileArgument)
      guard !file.isEmpty else {
        throw .invalidValue(file, for: "<file>", allowed: "Please give the path of an export file.")
      }
      format = values.choice(Self.format, as: ImportFormat.self)
      options = ImportOptions(
        dryRun: values.flag(Self.dryRun),
        prefer: values.choice(Self.prefer, as: MergePreference.self) ?? .library,
        origin: PathName.lastComponent(of: file))
      shelfValues = values.strings(Self.shelf)
      shelves = try Self.shelves(shelfValues, option: Self.shelf.display)
      json = values.flag(CommonOptions.anyJSON)
      libraryPath = LibraryOption.value(in: values)
    }

    /// Reads `--shelf NAME=STATUS` values.
    static func shelves(_ values: [String], option: String) throws(UsageError) -> ShelfMapping {
      var chosen: [String: ReadingStatus] = [:]
      for value in values {
        guard let equals = value.lastIndex(of: "="),
          case let name = value[..<equals].trimmingWhitespace(), !name.isEmpty,
          let status = ReadingStatus(word: String(value[value.index(after: equals)...]))
        else {
          throw .invalidValue(
            value, for: option,
            allowed: "Please write NAME=STATUS, where STATUS is "
              + ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        chosen[name] = status
      }
      return ShelfMapping(chosen: chosen)
    }

    func run(_ context: CommandContext) async throws {
      let path = UserFolder.absolute(file, environment: context.environment)
      let format = try self.format ?? ImportFormat.detect(path: path)
      if !shelves.isEmpty, !format.readsShelves {
        // Read as nothing, a shelf given would be a choice silently dropped.
        throw UsageError.invalidValue(
          shelfValues.joined(separator: " "), for: Self.shelf.display,
          allowed: "\(format.displayName) has no shelves: its statuses are its own. "
            + "Leave out --shelf, or give it with a Goodreads, StoryGraph, Hardcover, "
            + "BookWyrm or LibraryThing export.")
      }
      let library = context.library(flag: libraryPath)
      let line = context.terminal.isErrorTerminal ? ProgressLine(label: "Importing") : nil
      let progress = line.map(Self.drawer)
      let (options, shelves) = (self.options, self.shelves)
      let summary: ImportSummary
      do {
        let writer = context.writer(for: library)
        summary = try await InterruptHandler.cancellable {
          try await writer.importBooks(
            from: { try format.source(path: path, shelves: shelves) }, options: options,
            progress: progress)
        }
      } catch is CancellationError {
        line?.clear()
        context.errors.line("Import cancelled; nothing was changed.")
        throw CancellationError()
      } catch ImportError.nothingImported(let summary) {
        line?.clear()
        report(summary, context)
        throw ImportError.nothingImported(summary)
      }
      InterruptHandler.ignoreFromNowOn()  // committed: the exit status is success
      line?.clear()
      report(summary, context)
    }

    private func report(_ summary: ImportSummary, _ context: CommandContext) {
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
