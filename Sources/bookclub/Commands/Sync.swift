import ReadingModel

extension Bookclub {
  /// `bookclub sync`: one's own library on every device, through git or a synced folder.
  struct Sync: CommandGroup {
    static let signature = CommandSignature(
      name: "sync",
      abstract: "Keep your library the same on every device, through git or a synced folder.",
      discussion: """
        A sync folder holds library.json and one journal per device under devices/, so \
        git or a folder-sync tool (Syncthing, Dropbox) never sees two writers of one file. \
        Never put the library file itself in a synced folder: a sync tool corrupts a \
        database it copies while it is written. 'sync init' on the first device, \
        'sync join' on the others, then 'sync now' (or 'sync' alone) on each.
        """,
      subcommands: [
        Init.self, Join.self, Now.self, Status.self, Devices.self, Forget.self, Compact.self,
      ]
    )

    /// Bare `bookclub sync`: `sync now` on the default library.
    func run(_ context: CommandContext) async throws {
      try await Now(libraryPath: nil).run(context)
    }

    /// This library's sync, or the error that says how to start one.
    static func setup(of library: SQLiteLibrary) async throws -> SyncSetup {
      guard let setup = try await library.syncSetup() else { throw SyncError.notSyncing }
      return setup
    }
  }
}
