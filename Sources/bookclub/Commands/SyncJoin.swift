import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Sync {
  /// `bookclub sync join <folder|git-url>`
  struct Join: ParsableCommand {
    static let signature = CommandSignature(
      name: "join",
      abstract: "Take the library of a sync folder here: this device joins the others.",
      discussion: """
        An empty library becomes the folder's. A library with books merges with it: a \
        book both hold (the same ISBN-13, or the same title and first author) is one book \
        afterwards, and each is named; the others are added on every device.
        """,
      arguments: [whereArgument], options: [nameOption, LibraryOption.spec])

    let given: Location

    init(_ values: ParsedValues) throws(UsageError) {
      given = try Location(values)
    }

    func run(_ context: CommandContext) async throws {
      let (folder, setup, report) = try await given.start(context) { path, _ in
        try SyncFolder.open(path)
      }
      let others = folder.devices().filter { $0 != setup.device }.count
      context.output.line(
        "This device (“\(TerminalText.safe(setup.name))”, \(setup.device)) joined "
          + "\(TerminalText.safe(folder.path)), with \(others) other \(others == 1 ? "device" : "devices")."
      )
      SyncExchange.tell(report, context: context)
      try await SyncExchange(context: context).followClubs(
        context.library(flag: given.libraryPath), setup: setup)
    }
  }
}
