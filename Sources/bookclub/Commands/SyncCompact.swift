import ReadingModel

extension Bookclub.Sync {
  /// `bookclub sync compact`
  struct Compact: ParsableCommand {
    static let signature = CommandSignature(
      name: "compact",
      abstract: "Write a snapshot of the library, so a new device does not replay every change.",
      discussion: """
        Syncs, then writes snapshot.json to the folder: every book as every change left it, \
        and how far into each device's journal that goes. A device joining later takes the \
        snapshot and reads only the changes after it. The journals are kept whole, so a \
        device that has been away catches up as before.
        """,
      options: [LibraryOption.spec])

    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      libraryPath = LibraryOption.value(in: values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let setup = try await Bookclub.Sync.setup(of: library)
      let exchange = SyncExchange(context: context)
      var snapshot = SyncSnapshot(covers: [:], books: [])
      // Under the sync's lock: no command sends a line between the snapshot and the point
      // it gives for this device's journal.
      let report = try await exchange.sync(
        library, setup: setup,
        andThen: { folder in
          snapshot = try await library.syncSnapshot()
          if let own = snapshot.covers[setup.device],
            let point = folder.endPoint(of: setup.device, sequence: own.sequence)
          {
            snapshot.points[setup.device] = point
          }
          try folder.write(snapshot)
          try exchange.exchange(setup)
        })
      SyncExchange.tell(report, context: context)
      let changes = snapshot.covers.values.reduce(0) { $0 + $1.sequence }
      context.output.line(
        "Wrote \(SyncSnapshot.fileName): \(snapshot.books.count) books, covering \(changes) "
          + "changes of \(snapshot.covers.count) \(snapshot.covers.count == 1 ? "device" : "devices")."
      )
    }
  }
}
