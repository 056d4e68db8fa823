import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub club`: reading together through a shared folder.
  struct Club: CommandGroup {
    static let signature = CommandSignature(
      name: "club",
      abstract: "Read together: share progress and notes through a club folder.",
      discussion: """
        A club is a folder that git or any file sync carries between members: club.json \
        and one journal per member under members/. With the syncProgress setting on, \
        progress, status changes and ratings on the club's current book are shared as you \
        record them; notes only with 'note add --share' (or 'club join --share-notes'). \
        A shared note is shown to a member once they have read as far as it was written.
        """,
      subcommands: [
        Create.self, Join.self, Leave.self, List.self, Pick.self, Status.self, Notes.self,
        Sync.self,
      ]
    )

    static let clubOption = OptionSpec.value(
      "club", valueName: "club", help: "The club's name. Default: your only club.")
    static let asOption = OptionSpec.value(
      "as", valueName: "name", help: "Your name in the club, as other members see it.",
      isRequired: true)
    static let shareNotesFlag = OptionSpec.flag(
      "share-notes", help: "Share every note on the club's book, not only 'note add --share'.")

    /// The club named `name`, or your only club.
    ///
    /// - Throws: ``ClubError`` when there is no such club, none, or several to choose from.
    static func membership(_ name: String?, in library: any ClubLibrary) async throws
      -> ClubMembership
    {
      let clubs = try await library.clubs()
      guard let name else {
        guard let only = clubs.first else { throw ClubError.noClubs }
        guard clubs.count == 1 else { throw ClubError.whichClub(clubs.map(\.name)) }
        return only
      }
      let key = SearchKey.fold(name)
      guard let club = clubs.first(where: { SearchKey.fold($0.name) == key || $0.clubID == name })
      else { throw ClubError.unknownClub(name) }
      return club
    }

    /// Leaves a club: the `left` event is written and sent first (a failure to send is a
    /// warning: the others may not see it), then the membership goes.
    @MainActor
    static func leave(
      _ membership: ClubMembership, library: SQLiteLibrary, context: CommandContext
    ) async throws {
      try await library.queueClubEvents([.left], in: membership.clubID, at: Date().milliseconds)
      do {
        _ = try await exchange(membership, library: library, context: context, pushing: true)
      } catch {
        context.notices.push(
          "The others may not see that you left: \(error.explanation)", level: .warning)
      }
      try await library.leave(membership.clubID)
    }

    /// Writes your waiting events to your journal and, for a git club
    /// (``ClubMembership/syncsWithGit``), commits, rebases and pushes; then reads what the
    /// others wrote.
    ///
    /// - Returns: The lines skipped as unreadable, for warnings.
    @MainActor
    static func exchange(
      _ membership: ClubMembership, library: any ClubLibrary, context: CommandContext,
      pushing: Bool
    ) async throws -> [String] {
      let exchange = ClubExchange(library: library)
      try await exchange.deliver(membership)
      if pushing, membership.syncsWithGit {
        let git = ClubGit(environment: context.environment)
        let repository = try ClubRepository(membership.path)
        if git.hasRemote(repository) {
          // One sync of a club at a time, a background one included: git's own lock would
          // fail the second instead of making it wait.
          let lock = try ClubLock.path(
            "club-sync", of: membership, environment: context.environment)
          try FileLock.withLock(at: lock) {
            try git.sync(
              repository, journal: "members/\(membership.memberID).jsonl",
              message: "\(membership.memberName): bookclub events")
          }
        }
      }
      return try await exchange.refresh(membership)
    }
  }
}
