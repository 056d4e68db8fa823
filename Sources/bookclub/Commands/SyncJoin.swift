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
      let (location, name, libraryPath) = (given.location, given.name, given.libraryPath)
      let library = context.library(flag: libraryPath)
      if let setup = try await library.syncSetup() {
        throw SyncError.alreadySyncing(setup.folder)
      }
      let (path, cloned) = try localFolder(location, context: context)
      let folder: SyncFolder
      do {
        folder = try SyncFolder.open(path)
      } catch {
        if cloned { try? FileManager.default.removeItem(atPath: path) }  // ours, just made
        throw error
      }
      let (setup, report) = try await start(
        library, folder: folder, name: name,
        usesGit: cloned || ClubFolder.hasOwnGitFolder(folder.path), context: context)
      let others = folder.devices().filter { $0 != setup.device }.count
      context.output.line(
        "This device (“\(TerminalText.safe(setup.name))”, \(setup.device)) joined "
          + "\(TerminalText.safe(folder.path)), with \(others) other \(others == 1 ? "device" : "devices")."
      )
      SyncExchange.tell(report, context: context)
    }
  }
}
