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

extension Bookclub.Club {
  /// `bookclub club join <folder or git URL> --as <you>`
  struct Join: ParsableCommand {
    static let whereArgument = RequiredArgument(
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
      location = values.argument(Self.whereArgument)
      memberName = (values.string(asOption) ?? "").collapsingSpaces
      sharesNotes = values.flag(shareNotesFlag)
      libraryPath = LibraryOption.value(in: values)
      guard !location.isEmpty else { throw .missingArgument(Self.whereArgument.display) }
      guard !memberName.isEmpty else { throw .missingArgument(asOption.display) }
    }

    /// Whether the argument names a repository to clone rather than a club folder here.
    func isRepository(_ context: CommandContext) -> Bool {
      GitClone.isRepository(location, holding: "club.json", context: context)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let (path, cloned) = try await localFolder(context)
      let folder: ClubFolder
      let existing: ClubMembership?
      do {
        folder = try ClubFolder.open(path)
        existing = try await Self.membership(of: folder, in: library)
      } catch {
        if cloned { try? FileManager.default.removeItem(atPath: path) }  // ours, just made
        throw error
      }
      // Only a clone bookclub made is a git club; joining its folder again keeps it one.
      let syncsWithGit =
        cloned
        || (existing.map { Self.isSameFolder($0.path, folder.path) && $0.syncsWithGit } ?? false)
      // Joined on another of your devices first: this device is that person too.
      var person = existing?.person
      if existing == nil, let synced = try await library.syncedClub(folder.id), !synced.left {
        person = synced.person
      }
      let membership = ClubMembership(
        clubID: folder.id, name: folder.name, path: folder.path,
        memberID: existing?.memberID ?? ClubID.make(), memberName: memberName,
        sharesNotes: sharesNotes, syncsWithGit: syncsWithGit, person: person,
        url: cloned ? SyncClubFollower.address(location) : existing?.url)
      // Joining again keeps your id and journal; a new name (announced to the club by a
      // `joined` line) or a new --share-notes choice is taken, nothing else is written.
      if existing?.memberName != memberName || existing?.sharesNotes != sharesNotes {
        try await library.join(membership, at: Date().milliseconds)
      } else if existing?.path != folder.path || existing?.syncsWithGit != syncsWithGit {
        try await library.moveClub(folder.id, to: folder.path, syncsWithGit: syncsWithGit)
      }
      let problems = try await Bookclub.Club.exchange(
        membership, library: library, context: context, pushing: true)
      for problem in problems { context.notices.push(problem, level: .warning) }
      let status = try await ClubExchange(library: library).status(membership)
      let others = status.members.filter {
        !$0.journals.contains(membership.memberID) && !$0.hasLeft
      }
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

    /// Your membership of the club in `folder`, if you are in it.
    ///
    /// - Throws: ``ClubError/idInUse(name:joined:other:)`` when you are in the club of that
    ///   id at another folder that still holds it: a folder that copies a club's id would
    ///   otherwise take your membership (and your events) away from it.
    static func membership(of folder: ClubFolder, in library: any ClubLibrary) async throws
      -> ClubMembership?
    {
      guard let existing = try await library.clubs().first(where: { $0.clubID == folder.id })
      else { return nil }
      guard !Self.isSameFolder(existing.path, folder.path),
        (try? ClubFolder.open(existing.path))?.id == folder.id
      else { return existing }  // the same folder, or the club moved here
      throw ClubError.idInUse(name: existing.name, joined: existing.path, other: folder.path)
    }

    /// Whether two paths name one folder, however they are spelt.
    static func isSameFolder(_ first: String, _ second: String) -> Bool {
      var one = stat()
      var other = stat()
      guard stat(first, &one) == 0, stat(second, &other) == 0 else { return first == second }
      return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// The folder to open, and whether it is a fresh clone of the URL.
    private func localFolder(_ context: CommandContext) async throws -> (String, Bool) {
      guard isRepository(context) else {
        return (UserFolder.absolute(location, environment: context.environment), false)
      }
      return (
        try GitClone.clone(location, under: "clubs", fallback: "club", context: context), true
      )
    }
  }
}
