import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Sync {
  /// `bookclub sync status`
  struct Status: ParsableCommand {
    static let signature = CommandSignature(
      name: "status",
      abstract: "This device's sync: the devices, their last change, what waits, conflicts.",
      options: [CommonOptions.json("Print the status as JSON."), LibraryOption.spec])

    let options: ReportOptions

    init(_ values: ParsedValues) throws(UsageError) {
      options = ReportOptions(values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: options.libraryPath)
      let setup = try await Bookclub.Sync.setup(of: library)
      let devices = try await SyncDeviceList.read(library, setup: setup)
      let (outbox, unknown) = try await library.syncCounts()
      let conflicts = try await library.syncConflicts()
      let backgroundProblem = try await library.backgroundSyncProblem()
      let clubs = try await library.unsettledSyncClubs()
      if options.json {
        let value = JSONValue.object([
          "device": .string(setup.device.text), "name": .string(setup.name),
          "folder": .string(setup.folder), "git": .bool(setup.usesGit),
          "unsent": .integer(Int64(outbox)), "unknown": .integer(Int64(unknown)),
          "devices": .array(devices.map(\.json)),
          "backgroundProblem": backgroundProblem.map { .string($0) } ?? .null,
          "clubsToFollow": .array(
            clubs.map { club in
              .object([
                "club": .string(club.club), "name": .string(club.name),
                "memberName": .string(club.memberName), "left": .bool(club.left),
                "url": club.url.map { .string($0) } ?? .null,
              ])
            }),
          "conflicts": .array(
            conflicts.map { book, conflict in
              .object([
                "book": .integer(book), "field": .string(conflict.field), "kept": conflict.kept,
                "lost": conflict.lost, "lostDevice": .string(conflict.lostStamp.device.text),
              ])
            }),
        ])
        context.output.line(value.text)
        return
      }
      context.output.line(
        "Syncing through \(TerminalText.safe(setup.folder))\(setup.usesGit ? " (git)" : "") "
          + "as “\(TerminalText.safe(setup.name))” (\(setup.device)).")
      context.output.line(
        outbox == 0
          ? "Every change made here is in this device's journal."
          : "\(outbox) changes made here wait for the next sync.")
      for device in devices where !device.isThisDevice {
        context.output.line("  " + device.line)
      }
      if let backgroundProblem {
        context.output.line(
          "The last background sync failed: \(TerminalText.safe(backgroundProblem))")
      }
      if unknown > 0 {
        context.output.line(
          "\(unknown) changes of a kind a newer bookclub wrote are kept, not applied: update bookclub."
        )
      }
      for club in clubs {
        context.output.line(
          "You \(club.left ? "left" : "joined") “\(TerminalText.safe(club.name))” on another "
            + "device: \(club.left ? "the next sync leaves it here" : club.url == nil ? "run 'bookclub club join <its folder or git URL>' to take part here" : "the next sync joins it here")."
        )
      }
      for (book, conflict) in conflicts {
        context.output.line(
          "Conflict on book \(book), \(conflict.field): kept \(TerminalText.safe(conflict.kept.text)), "
            + "\(TerminalText.safe(conflict.lost.text)) from \(conflict.lostStamp.device) was older."
        )
      }
      if let warning = CloudFolderWarning.warning(forLibraryAt: library.path) {
        context.notices.push(warning, level: .warning)
      }
    }
  }
}
