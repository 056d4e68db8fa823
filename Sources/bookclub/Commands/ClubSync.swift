import ReadingModel

extension Bookclub.Club {
  /// `bookclub club sync [club]`
  struct Sync: ParsableCommand {
    static let signature = CommandSignature(
      name: "sync",
      abstract:
        "Send your events and read the others': through git when the folder is a work tree with a remote.",
      discussion: """
        For a git club: commits your journal, pulls with rebase and pushes, trying again \
        when another member pushed first. Offline, your events stay queued and the next \
        sync sends them. A folder carried by another sync tool is only read and written.
        """,
      arguments: [ClubTarget.argument], options: [LibraryOption.spec])

    let target: ClubTarget

    init(_ values: ParsedValues) throws(UsageError) {
      target = ClubTarget(values)
    }

    func run(_ context: CommandContext) async throws {
      let (membership, library) = try await target.open(in: context, pushing: true)
      let status = try await ClubExchange(library: library).status(membership)
      context.output.line(
        "Synced “\(TerminalText.safe(membership.name))”: \(status.members.count) members"
          + (status.book.map { ", reading “\(TerminalText.safe($0.title))”." } ?? "."))
    }
  }
}
