import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub.Club {
  /// `bookclub club join <folder or git URL> --as <you>`
  struct Join: ParsableCommand {
    static let whereArgument = ArgumentSpec(
      name: "folder-or-url",
      help: "The club folder, or a git URL to clone it from (into $XDG_DATA_HOME/bookclub/clubs).",
      completion: .file)

    static let signature = CommandSignature(
      name: "join",
      abstract: "Join a club, from its folder or its git URL.",
      arguments: [whereArgument],
      options: [asOption, shareNotesFlag, LibraryOption.spec])

    let location: String
    let memberName: String
    let sharesNotes: Bool
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      location = values.argument(Self.whereArgument) ?? ""
      memberName = (values.string(asOption) ?? "").collapsingSpaces
      sharesNotes = values.flag(shareNotesFlag)
      libraryPath = LibraryOption.value(in: values)
      guard !location.isEmpty else { throw .missingArgument(Self.whereArgument.display) }
      guard !memberName.isEmpty else { throw .missingArgument(asOption.display) }
    }

    /// Whether the argument names a repository to clone rather than a club folder here: a
    /// URL (`https://…`, `git@host:club.git`) or a bare repository on this disk.
    func isRepository(_ context: CommandContext) -> Bool {
      if location.contains("://") || (location.contains("@") && location.contains(":")) {
        return true
      }
      let path = UserFolder.absolute(location, environment: context.environment)
      let manager = FileManager.default
      return !manager.fileExists(atPath: path + "/club.json")
        && manager.fileExists(atPath: path + "/HEAD")
        && manager.fileExists(atPath: path + "/objects")
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let folder = try ClubFolder.open(try await localFolder(context))
      let existing = try await library.clubs().first { $0.clubID == folder.id }
      let membership = ClubMembership(
        clubID: folder.id, name: folder.name, path: folder.path,
        memberID: existing?.memberID ?? UUID().uuidString.lowercased(),
        memberName: memberName, sharesNotes: sharesNotes)
      // Joining again keeps your id and journal; a new name (announced to the club by a
      // `joined` line) or a new --share-notes choice is taken, nothing else is written.
      if existing?.memberName != memberName || existing?.sharesNotes != sharesNotes {
        try await library.join(membership, at: Date().milliseconds)
      }
      let problems = try await Bookclub.Club.exchange(
        membership, library: library, context: context, pushing: true)
      for problem in problems { context.notices.push(problem, level: .warning) }
      let status = try await ClubExchange(library: library).status(membership)
      let others = status.members.filter { $0.id != membership.memberID && !$0.hasLeft }
      context.output.line(
        "You are in “\(TerminalText.safe(folder.name))” as \(TerminalText.safe(membership.memberName))"
          + (others.isEmpty
            ? "." : ", with \(others.map { TerminalText.safe($0.name) }.joined(separator: ", ")).")
      )
      if let book = status.book {
        context.output.line(
          "The club is reading “\(TerminalText.safe(book.title))”. See 'bookclub club status'.")
      }
    }

    /// The folder to open: the argument, or a fresh clone of the URL.
    private func localFolder(_ context: CommandContext) async throws -> String {
      guard isRepository(context) else {
        return UserFolder.absolute(location, environment: context.environment)
      }
      let clubs = UserFolder.data.path(environment: context.environment) + "/clubs"
      var name = PathName.lastComponent(of: location)
      if name.hasSuffix(".git") { name.removeLast(4) }
      var folder = clubs + "/" + (name.isEmpty ? "club" : name)
      var suffix = 2
      while FileManager.default.fileExists(atPath: folder) {
        folder = clubs + "/\(name)-\(suffix)"
        suffix += 1
      }
      try FileManager.default.createDirectory(atPath: clubs, withIntermediateDirectories: true)
      try ClubGit(environment: context.environment).clone(location, into: folder)
      return folder
    }
  }
}
