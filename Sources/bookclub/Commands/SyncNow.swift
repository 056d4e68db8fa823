import ReadingModel

extension Bookclub.Sync {
  /// `bookclub sync now`
  struct Now: ParsableCommand {
    static let signature = CommandSignature(
      name: "now",
      abstract: "Send this device's changes and apply the other devices' (also: 'bookclub sync').",
      discussion: """
        Writes this device's new changes to its journal and applies the changes the other \
        devices wrote since the last sync, each book in one change. For a git folder: \
        commits this device's journal (and nothing else), rebases on what the others \
        pushed and pushes, trying again when another device pushed first. Offline, the \
        changes wait and the next sync sends them.
        """,
      options: [LibraryOption.spec])

    let libraryPath: String?

    init(libraryPath: String?) { self.libraryPath = libraryPath }

    init(_ values: ParsedValues) throws(UsageError) {
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      if ClubAutoSync.isBackground(context) {
        return await SyncExchange(context: context).syncInBackground(library)
      }
      let setup = try await Bookclub.Sync.setup(of: library)
      let exchange = SyncExchange(context: context)
      let report = try await exchange.sync(library, setup: setup)
      SyncExchange.tell(report, context: context)
      try await exchange.followClubs(library, setup: setup)
    }
  }
}
