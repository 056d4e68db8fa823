import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Bookclub.Sync {
  /// The folder (or git URL) argument of `sync init` and `sync join`.
  static let whereArgument = RequiredArgument(
    name: "folder-or-url",
    help: "The sync folder, or a git URL to clone it from (into $XDG_DATA_HOME/bookclub/sync).",
    completion: .file)

  static let nameOption = OptionSpec.value(
    "name", valueName: "name",
    help: "This device's name, as the others list it. Default: the host's name.")

  /// What `sync init` and `sync join` are given: the folder or URL, this device's name,
  /// the library.
  @MainActor
  struct Location {
    let location: String
    let name: String?
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      location = values.argument(whereArgument)
      name = values.string(nameOption)
      libraryPath = LibraryOption.value(in: values)
      guard !location.isEmpty else { throw .missingArgument(whereArgument.display) }
    }

    /// Starts syncing through the folder `opening` makes of the given folder or clone,
    /// and runs the first sync; a clone made for a folder that is refused is removed.
    ///
    /// - Throws: ``SyncError/alreadySyncing(_:)`` when the library syncs already; what
    ///   `opening` throws; ``ClubGitError`` when the clone fails.
    func start(
      _ context: CommandContext, opening: (String, SQLiteLibrary) async throws -> SyncFolder
    ) async throws -> (SyncFolder, SyncSetup, SyncRun.Report) {
      let library = context.library(flag: libraryPath)
      if let setup = try await library.syncSetup() {
        throw SyncError.alreadySyncing(setup.folder)
      }
      let (path, cloned) = try localFolder(location, context: context)
      let folder: SyncFolder
      do {
        folder = try await opening(path, library)
      } catch {
        if cloned { try? FileManager.default.removeItem(atPath: path) }  // ours, just made
        throw error
      }
      let (setup, report) = try await Bookclub.Sync.start(
        library, folder: folder, name: name,
        usesGit: cloned || ClubFolder.hasOwnGitFolder(folder.path), context: context)
      return (folder, setup, report)
    }
  }

  /// A device's id: 12 random lowercase hex digits.
  static func newDeviceID() -> SyncDeviceID {
    let digits = UUID().uuidString.lowercased().filter { $0 != "-" }
    return SyncDeviceID(String(digits.prefix(12)))!
  }

  /// The host's name, for a device that was given none.
  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "" }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return String(name.filter { !$0.isNewline }.prefix(80))
  }

  /// The folder `location` names, cloning it first when it is a git URL.
  ///
  /// - Returns: The folder's path, and whether bookclub just cloned it.
  static func localFolder(_ location: String, context: CommandContext) throws -> (String, Bool) {
    guard GitClone.isRepository(location, holding: "library.json", context: context) else {
      return (UserFolder.absolute(location, environment: context.environment), false)
    }
    return (
      try GitClone.clone(location, under: "sync", fallback: "library", context: context), true
    )
  }

  /// Starts syncing `library` through `path` and runs the first sync.
  static func start(
    _ library: SQLiteLibrary, folder: SyncFolder, name: String?, usesGit: Bool,
    context: CommandContext
  ) async throws -> (SyncSetup, SyncRun.Report) {
    let setup = SyncSetup(
      device: newDeviceID(), name: (name ?? hostName()).collapsingSpaces, folder: folder.path,
      usesGit: usesGit)
    try await library.startSyncing(setup, libraryID: folder.library)
    if let warning = CloudFolderWarning.warning(forLibraryAt: library.path) {
      context.notices.push(warning, level: .warning)
    }
    return (setup, try await SyncExchange(context: context).sync(library, setup: setup))
  }

  /// `bookclub sync init <folder|git-url>`
  struct Init: ParsableCommand {
    static let signature = CommandSignature(
      name: "init",
      abstract: "Make a sync folder of this library, for your other devices to join.",
      discussion: """
        The folder must be new or empty (a fresh clone of an empty repository is). A git \
        URL is cloned, and every sync commits, pulls and pushes. This device's journal \
        then holds the whole library, so another device can join.
        """,
      arguments: [whereArgument], options: [nameOption, LibraryOption.spec])

    let given: Location

    init(_ values: ParsedValues) throws(UsageError) {
      given = try Location(values)
    }

    func run(_ context: CommandContext) async throws {
      let (folder, setup, report) = try await given.start(context) { path, library in
        let libraryID = try await library.libraryID() ?? UUID().uuidString.lowercased()
        return try SyncFolder.create(at: path, library: libraryID)
      }
      context.output.line(
        "This library syncs through \(TerminalText.safe(folder.path)) as “\(TerminalText.safe(setup.name))” "
          + "(device \(setup.device)): \(report.sent) changes in its journal.")
      context.output.line(
        "On your other devices: bookclub sync join \(TerminalText.safe(given.location))")
    }
  }
}
