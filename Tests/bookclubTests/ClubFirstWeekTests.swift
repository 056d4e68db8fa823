import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// Clubs as a new member met them in their first week (issue 26): a clone whose branch is
/// named otherwise than the remote's, the join command `club create` prints, a note shared
/// on a book the club is not reading, the member count, an empty club list.
@Suite(.requires(.git))
struct ClubFirstWeekTests: ClubMemberSuite {
  let shared = TestHome()
  let ann = TestHome()
  let bo = TestHome()

  func git(_ arguments: [String]) async throws {
    #expect(try await TestGit.run(arguments, in: shared.url) == 0, "git \(arguments)")
  }

  /// A bare repository whose branch is `main` with one commit, as a hosting service makes
  /// it.
  func hostedRemote() async throws -> String {
    let remote = shared.path("hosted.git")
    try await git(["init", "--quiet", "--bare", "--initial-branch=main", remote])
    let seed = shared.path("seed")
    try await git(["init", "--quiet", "--initial-branch=main", seed])
    try "Our club\n".write(toFile: seed + "/README", atomically: true, encoding: .utf8)
    try await git(["-C", seed, "add", "README"])
    try await git(["-C", seed, "commit", "--quiet", "-m", "Start"])
    try await git(["-C", seed, "push", "--quiet", remote, "main"])
    return remote
  }

  @Test func aCloneOnMasterTrackingOriginMainSyncs() async throws {
    let remote = try await hostedRemote()
    let clone = ann.path("club")
    try await git(["clone", "--quiet", remote, clone])
    // `git init` on master, then tracking the hosted main: the names differ.
    try await git(["-C", clone, "branch", "-m", "main", "master"])
    try await run(ann, ["settings", "set", "clubAutoSync", "false"])
    try await run(ann, ["club", "create", clone, "--name", "Bookworms", "--as", "Ann"])
    let first = try await run(ann, ["club", "sync"])
    #expect(first.stdout == "Synced “Bookworms”: 1 member.\n", "\(first.stderr)")

    try await run(bo, ["club", "join", remote, "--as", "Bo"])
    try await run(ann, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    try await run(ann, ["club", "pick", "Middlemarch"])
    // A second sync: fetched, rebased on Bo's join and pushed to main again.
    let second = try await run(ann, ["club", "sync"])
    #expect(second.stdout == "Synced “Bookworms”: 2 members, reading “Middlemarch”.\n")
    let seen = try await run(bo, ["club", "sync"])
    #expect(seen.stdout == "Synced “Bookworms”: 2 members, reading “Middlemarch”.\n")
  }

  @Test func aBranchTrackingAnotherRemoteSyncsWithThatRemote() async throws {
    let remote = try await hostedRemote()
    let clone = ann.path("club")
    // Cloned with its remote named upstream, and an origin elsewhere that must not be used.
    try await git(["clone", "--quiet", "--origin", "upstream", remote, clone])
    try await git(["-C", clone, "remote", "add", "origin", ann.path("nowhere.git")])
    try await run(ann, ["club", "create", clone, "--name", "Bookworms", "--as", "Ann"])
    let sync = try await run(ann, ["club", "sync"])
    #expect(sync.stdout.hasPrefix("Synced “Bookworms”"), "\(sync.stderr)")
    let check = shared.path("check")
    try await git(["clone", "--quiet", remote, check])
    #expect(FileManager.default.fileExists(atPath: check + "/club.json"))
  }

  @Test func anUpstreamThatIsNoPlainRemoteIsRefused() async throws {
    let remote = try await hostedRemote()
    let clone = ann.path("club")
    try await git(["clone", "--quiet", remote, clone])
    try await run(ann, ["club", "create", clone, "--name", "Bookworms", "--as", "Ann"])
    try await git(["-C", clone, "config", "branch.main.remote", "--upload-pack=touch x"])
    let sync = try await run(ann, ["club", "sync"], status: 1)
    #expect(sync.stderr.contains("not one of the clone's remotes"), "\(sync.stderr)")
    #expect(!FileManager.default.fileExists(atPath: clone + "/x"))
  }

  @Test func branchNamesAreCheckedAsGitChecksThem() {
    #expect(GitBranchName(ref: "refs/heads/main\n")?.name == "main")
    #expect(GitBranchName(ref: "refs/heads/club/2025")?.name == "club/2025")
    for bad in [
      "-f", "a..b", "a b", "a:b", "a^", "x.lock", "a/", ".hidden", "a@{1}", "a\u{1B}b", "",
    ] {
      #expect(GitBranchName(bad) == nil, "\(bad)")
    }
    #expect(GitBranchName(ref: "refs/tags/v1") == nil)
    #expect(GitBranchName(ref: "main") == nil)
  }

  @Test func createInACloneNamesTheRemoteForOthersToJoin() async throws {
    let remote = shared.path("remote.git")
    try await git(["init", "--quiet", "--bare", remote])
    let clone = ann.path("club")
    try await git(["clone", "--quiet", remote, clone])
    let created = try await run(
      ann, ["club", "create", clone, "--name", "Bookworms", "--as", "Ann"])
    #expect(
      created.stderr.contains("Others join with: bookclub club join \(remote) --as <name>"),
      "\(created.stderr)")
    #expect(!created.stderr.contains("club join \(clone)"))

    // A clone with no remote yet: what to add, not a path useless to a friend.
    let lonely = bo.path("club")
    try await git(["init", "--quiet", lonely])
    let alone = try await run(bo, ["club", "create", lonely, "--name", "Solo", "--as", "Bo"])
    #expect(alone.stderr.contains("It has no remote yet"), "\(alone.stderr)")
    #expect(!alone.stderr.contains("club join \(lonely)"))
  }

  @Test func aURLToTellOthersCarriesNoPassword() {
    #expect(
      ClubGit.withoutPassword("https://ann:s3cret@example.org/club.git")
        == "https://example.org/club.git")
    #expect(
      ClubGit.withoutPassword("ssh://git@example.org/club.git") == "ssh://git@example.org/club.git")
    #expect(ClubGit.withoutPassword("git@example.org:club.git") == "git@example.org:club.git")
  }

  @Test func aNoteSharedOnABookTheClubIsNotReadingSaysSo() async throws {
    try await run(ann, ["add", "Emma", "--author", "Jane Austen"])
    let nowhere = try await run(ann, ["note", "add", "emma", "Mr Knightley!", "--share"])
    #expect(nowhere.stderr.contains("Not shared: you are in no club."), "\(nowhere.stderr)")

    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(ann, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    try await run(ann, ["club", "pick", "Middlemarch"])
    let note = try await run(ann, ["note", "add", "emma", "Harriet…", "--share"])
    #expect(
      note.stderr.contains(
        "Not shared: “Emma” is no club's current book (“Bookworms” reads “Middlemarch”)"),
      "\(note.stderr)")
    // On the club's book it is shared, and nothing says otherwise.
    let onBook = try await run(ann, ["note", "add", "middlemarch", "Dorothea!", "--share"])
    #expect(onBook.stderr.contains("Shared with Bookworms."), "\(onBook.stderr)")
    #expect(!onBook.stderr.contains("Not shared"))
  }

  @Test func syncCountsTheMembersWhoStayed() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    #expect(try await run(ann, ["club", "sync"]).stdout == "Synced “Bookworms”: 1 member.\n")
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    #expect(try await run(ann, ["club", "sync"]).stdout == "Synced “Bookworms”: 2 members.\n")
    try await run(bo, ["club", "leave"])
    #expect(try await run(ann, ["club", "sync"]).stdout == "Synced “Bookworms”: 1 member.\n")
  }

  @Test func noClubsIsAnEmptyListNotAnError() async throws {
    let list = try await run(ann, ["club", "list"])
    #expect(list.stdout.isEmpty)
    #expect(list.stderr.hasPrefix("You are in no club yet."), "\(list.stderr)")
    #expect(try await run(ann, ["club", "list", "--json"]).stdout == "[]\n")
  }
}
