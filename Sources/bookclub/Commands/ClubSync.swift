import ReadingModel

extension Bookclub.Club {
  /// `bookclub club sync [club]`
  struct Sync: ParsableCommand {
    static let signature = CommandSignature(
      name: "sync",
      abstract:
        "Send your events and read the others': through git for a git club.",
      discussion: """
        A git club is one bookclub cloned ('club join <URL>') or made in a clone of its \
        own ('club create' in the top folder of a clone). For it: commits your journal \
        (and nothing else), rebases on what the others pushed and pushes, trying again when \
        another member pushed first. Offline, your events stay queued and the next sync \
        sends them. Any other folder is only read and written.
        """,
      arguments: [ClubTarget.argument], options: [LibraryOption.spec])

    let target: ClubTarget

    init(_ values: ParsedValues) throws(UsageError) {
      target = ClubTarget(values)
    }

    func run(_ context: CommandContext) async throws {
      if ClubAutoSync.isBackground(context) { return await runInBackground(context) }
      let (membership, library) = try await target.open(in: context, pushing: true)
      let status = try await ClubExchange(library: library).status(membership)
      let members = status.members.filter { !$0.hasLeft }.count  // not who left
      context.output.line(
        "Synced “\(TerminalText.safe(membership.name))”: \(members) \(members == 1 ? "member" : "members")"
          + (status.book.map { ", reading “\(TerminalText.safe($0.title))”." } ?? "."))
    }

    /// A sync started by ``ClubAutoSync``: the outcome goes into the library for the next
    /// command to tell; nothing is printed (nobody is there to read it).
    private func runInBackground(_ context: CommandContext) async {
      let library = context.library(flag: target.libraryPath)
      guard let membership = try? await Bookclub.Club.membership(target.name, in: library) else {
        return
      }
      // Background syncs of a club run one after another, each recording its outcome
      // before the next starts: an older success never clears a newer failure.
      guard
        let lock = try? ClubLock.path(
          "club-background", of: membership, environment: context.environment)
      else { return }
      try? await FileLock.withLock(at: lock) {
        var problem: String?
        do {
          _ = try await Bookclub.Club.exchange(
            membership, library: library, context: context, pushing: true)
        } catch {
          problem = error.explanation
        }
        try? await library.recordClubSyncProblem(problem, in: membership.clubID)
      }
    }
  }
}
