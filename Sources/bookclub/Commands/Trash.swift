import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub trash`
  struct Trash: ParsableCommand {
    static let signature = CommandSignature(
      name: "trash",
      abstract: "List the books in the trash, and when each goes for good.",
      options: [
        CommonOptions.json(
          "Print JSON: [{\"trash\", \"book\", \"title\", \"removed\", \"expires\", \"entries\"}]."),
        LibraryOption.spec,
      ]
    )

    let options: ReportOptions
    private var json: Bool { options.json }
    private var libraryPath: String? { options.libraryPath }

    init(_ values: ParsedValues) throws(UsageError) {
      options = ReportOptions(values)
    }

    func run(_ context: CommandContext) async throws {
      let trash = try await context.library(flag: libraryPath).trash(at: Date())
      if json {
        context.output.line(JSONValue.array(trash.map(Self.jsonItem)).text)
        return
      }
      guard !trash.isEmpty else {
        context.errors.line("The trash is empty.")
        return
      }
      context.output.line(
        TextStyle.bold.apply(
          "NO  BOOK  REMOVED     GONE AFTER  TITLE", enabled: context.terminal.colorsOutput))
      for item in trash {
        context.output.line(
          [
            TerminalText.padded(String(item.trashID), to: 2),
            TerminalText.padded(String(item.bookID), to: 4),
            DateText.day(item.removed), DateText.day(item.expires), TerminalText.safe(item.title),
          ].joined(separator: "  "))
      }
    }

    /// `{"book", "entries", "expires", "removed", "title", "trash"}`
    static func jsonItem(_ item: TrashedBook) -> JSONValue {
      .object([
        "trash": .integer(item.trashID), "book": .integer(item.bookID),
        "title": .string(item.title),
        "removed": .date(item.removed), "expires": .date(item.expires),
        "entries": .integer(Int64(item.entries)),
      ])
    }
  }
}
