import Foundation
import Testing

/// An undo is shared with clubs as what it is: a position taken back takes the member's
/// standing back, through a plain shared folder.
@Suite struct UndoClubTests: ClubMemberSuite {
  let shared = TestHome()
  let ann = TestHome()
  let bo = TestHome()

  @Test func anUndoneProgressEntryTakesTheMembersPositionBack() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    for member in [ann, bo] {
      try await run(member, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    }
    try await run(ann, ["club", "pick", "Middlemarch"])
    try await run(ann, ["progress", "set", "Middlemarch", "88"])
    try await run(ann, ["progress", "set", "Middlemarch", "440"])
    #expect(line(of: "Ann", in: try await run(bo, ["club", "status"]).stdout).contains("50%"))
    let undone = try await run(ann, ["undo", "--force"])
    #expect(undone.stderr.contains("Shared with Bookworms"), "\(undone.stderr)")
    let status = try await run(bo, ["club", "status"]).stdout
    #expect(line(of: "Ann", in: status).contains("10%"), "\(status)")
    try await run(ann, ["redo", "--force"])
    #expect(line(of: "Ann", in: try await run(bo, ["club", "status"]).stdout).contains("50%"))
  }
}
