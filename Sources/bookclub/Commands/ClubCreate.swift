import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Club {
  /// `bookclub club create <folder> --name <club> --as <you>`
  struct Create: ParsableCommand {
    static let pathArgument = RequiredArgument(
      name: "folder",
      help: "Where the club lives: a new folder, or one git or a sync tool carries.",
      completion: .file)
    static let nameOption = OptionSpec.value(
      "name", valueName: "club", help: "The club's name.", isRequired: true)

    static let signature = CommandSignature(
      name: "create",
      abstract: "Make a club folder and join it.",
      discussion: """
        Make it in the top folder of a clone of a git repository with a remote (a git \
        club: 'club sync' commits, rebases and pushes), or in a folder Syncthing or a \
        shared drive carries, and the others join it with 'bookclub club join'.
        """,
      arguments: [pathArgument],
      options: [nameOption, asOption, shareNotesFlag, LibraryOption.spec])

    let path: String
    let name: String
    let memberName: String
    let sharesNotes: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      path = values.argument(Self.pathArgument)
      name = (values.string(Self.nameOption) ?? "").collapsingSpaces
      memberName = (values.string(asOption) ?? "").collapsingSpaces
      sharesNotes = values.flag(shareNotesFlag)
      libraryPath = LibraryOption.value(in: values)
      guard !path.isEmpty else { throw .missingArgument(Self.pathArgument.display) }
      guard !name.isEmpty else { throw .missingArgument(Self.nameOption.display) }
      guard !memberName.isEmpty else { throw .missingArgument(asOption.display) }
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let absolute = UserFolder.absolute(path, environment: context.environment)
      // Made in the top folder of a clone: a git club. Decided now, once: a `.git` that
      // appears later in a folder a sync tool carries could be anyone's.
      let syncsWithGit = ClubFolder.hasOwnGitFolder(absolute)
      let folder = try ClubFolder.create(at: absolute, name: name)
      // Where your other devices clone it from: the clone's origin, when it has one.
      let origin =
        syncsWithGit
        ? (try? ClubRepository(folder.path)).flatMap {
          ClubGit(environment: context.environment).originURL($0)
        } : nil
      let membership = ClubMembership(
        clubID: folder.id, name: folder.name, path: folder.path,
        memberID: ClubID.make(), memberName: memberName, sharesNotes: sharesNotes,
        syncsWithGit: syncsWithGit, url: origin.flatMap(SyncClubFollower.address))
      try await library.join(membership, at: Date().milliseconds)
      try await ClubExchange(library: library).deliver(membership)
      context.output.line(
        "Made the club “\(TerminalText.safe(name))” at \(TerminalText.safe(folder.path)); you are in it as \(TerminalText.safe(memberName))."
      )
      if !syncsWithGit, let enclosing = Self.enclosingWorkTree(of: folder.path) {
        context.errors.line(
          "It is inside the git work tree \(TerminalText.safe(enclosing)), not a clone of its "
            + "own: bookclub runs no git for it and shares it as a plain folder. For a git "
            + "club, make it in the top folder of a clone of the club's repository.")
      }
      context.errors.line(joinHint(folder: folder.path, syncsWithGit: syncsWithGit, context))
    }

    /// How the others join: a git club by its remote's URL (the folder is a path on this
    /// machine only), any other club by its folder, which their sync tool carries.
    private func joinHint(folder: String, syncsWithGit: Bool, _ context: CommandContext)
      -> String
    {
      guard syncsWithGit else {
        return "Others join with: bookclub club join "
          + TerminalText.safe(ShellQuoting.quote(folder)) + " --as <name>"
      }
      let git = ClubGit(environment: context.environment)
      guard let repository = try? ClubRepository(folder), let url = git.originURL(repository)
      else {
        return "It has no remote yet: add the club's shared repository with "
          + "git -C \(TerminalText.safe(ShellQuoting.quote(folder))) remote add origin <URL>; "
          + "others join with: bookclub club join <URL> --as <name>"
      }
      return "Others join with: bookclub club join "
        + TerminalText.safe(ShellQuoting.quote(url)) + " --as <name>"
    }

    /// The top of the git work tree `path` is inside, if any, by the `.git` of a folder
    /// above it (only looked at: git is not run there).
    static func enclosingWorkTree(of path: String) -> String? {
      var folder = PathName.folder(of: path)
      while !folder.isEmpty {
        if FileManager.default.fileExists(atPath: folder + "/.git") { return folder }
        if folder == "/" { return nil }
        folder = PathName.folder(of: folder)
      }
      return nil
    }
  }
}
