import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub repair`: recover a damaged library.
  struct Repair: ParsableCommand {
    static let signature = CommandSignature(
      name: "repair",
      abstract: "Recover a damaged library, keeping the damaged file as a backup.",
      discussion: """
        Keeps the damaged file, as it is, beside the library (library.sqlite.damaged-<time>), \
        then copies every row that can still be read into a new library, rebuilding every \
        index, and writes it into the library's file. Damaged indexes lose nothing; rows that \
        cannot be read are listed. A sound library is left alone. Other commands that write \
        wait for the repair, then write into the repaired library; a second repair waits too. \
        A repair that is interrupted leaves the library as it was.
        """,
      options: [LibraryOption.spec]
    )

    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      // Checked under the repair's lock (another repair may have come first); a library
      // that cannot be written is refused before.
      guard let report = try await library.repair() else {
        context.output.line(
          "The library '\(TerminalText.safe(library.path))' is sound; nothing to repair.")
        return
      }
      context.output.line("Repaired the library '\(TerminalText.safe(library.path))'.")
      context.output.line("The damaged file is kept at \(TerminalText.safe(report.backup)).")
      let recovered = report.recovered.sorted { $0.key < $1.key }
        .map { "\($0.value) \($0.key.replacing("_", with: " ")) rows" }
      context.output.line("Recovered: " + recovered.joined(separator: ", ") + ".")
      if report.lost.isEmpty {
        context.output.line("Nothing was lost.")
      } else {
        context.output.line("Could not recover:")
        for lost in report.lost { context.output.line("  - " + lost) }
      }
    }
  }
}
