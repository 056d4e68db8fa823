import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// Clubs on every device (issue 27): a club joined on one device is joined on the others
/// at their next sync, each device with a journal of its own, and the club sees one
/// member; a club folder waits for a join by hand; a club left on one is left on all.
@Suite(.requires(.git))
struct SyncClubTests {
  let shared = TestHome()
  let laptop = TestHome()
  let desktop = TestHome()
  let bo = TestHome()

  @discardableResult
  func run(_ home: TestHome, _ arguments: [String], status: Int32 = 0) async throws
    -> BookclubProcess.Result
  {
    let result = try await home.bookclub.run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stdout) \(result.stderr)")
    return result
  }

  func git(_ arguments: [String]) async throws {
    #expect(try await TestGit.run(arguments, in: shared.url) == 0, "git \(arguments)")
  }

  /// Bo's club "Bookworms" in a bare repository, reading Middlemarch; its URL.
  func bosClub() async throws -> String {
    let remote = shared.path("club.git")
    try await git(["init", "--quiet", "--bare", "--initial-branch=main", remote])
    let url = "file://" + remote
    try await run(bo, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    try await run(bo, ["club", "join", url, "--as", "Bo"], status: 1)  // empty: no club yet
    let clone = bo.path("club")
    try await git(["clone", "--quiet", remote, clone])
    try await run(bo, ["club", "create", clone, "--name", "Bookworms", "--as", "Bo"])
    try await run(bo, ["club", "pick", "Middlemarch"])
    try await run(bo, ["club", "sync"])
    return url
  }

  /// The laptop and the desktop syncing through a plain folder, both with Middlemarch.
  func syncedDevices() async throws {
    let folder = shared.path("sync")
    for home in [laptop, desktop] {
      try await run(home, ["settings", "set", "clubAutoSync", "false"])
    }
    try await run(laptop, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
    try await run(laptop, ["sync", "init", folder, "--name", "laptop"])
    try await run(desktop, ["sync", "join", folder, "--name", "desktop"])
  }

  /// The club's members as `club status --json` gives them: name, whether it is you, and
  /// the fraction read.
  func members(_ home: TestHome) async throws -> [(String, Bool, Double)] {
    try await run(home, ["club", "sync"])
    let shown = try await run(home, ["club", "status", "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))
    let object = try #require(json as? [String: Any], "\(shown.stdout)")
    let members = try #require(object["members"] as? [[String: Any]], "\(shown.stdout)")
    return members.map {
      (
        $0["name"] as? String ?? "", $0["you"] as? Bool ?? false,
        $0["fraction"] as? Double ?? -1
      )
    }
  }

  @Test func aClubJoinedOnOneDeviceIsJoinedOnTheOtherAsOneMember() async throws {
    let url = try await bosClub()
    try await syncedDevices()
    try await run(laptop, ["club", "join", url, "--as", "Ann"])
    try await run(laptop, ["progress", "set", "Middlemarch", "20%"])
    try await run(laptop, ["sync"])
    let followed = try await run(desktop, ["sync"])
    #expect(
      followed.stdout.contains("You are in “Bookworms” here too, as Ann"),
      "\(followed.stdout) \(followed.stderr)")
    try await run(desktop, ["progress", "set", "Middlemarch", "50%"])
    // One member each for Ann and Bo, wherever the club is looked at; the desktop's
    // progress is Ann's, and each device of Ann's says it is you.
    let fromDesktop = try await members(desktop)
    #expect(fromDesktop.map(\.0) == ["Bo", "Ann"])
    #expect(fromDesktop.map(\.1) == [false, true])
    #expect(fromDesktop.last?.2 == 0.5)
    let fromLaptop = try await members(laptop)
    #expect(fromLaptop.map(\.0) == ["Bo", "Ann"] && fromLaptop.map(\.1) == [false, true])
    let fromBo = try await members(bo)
    #expect(fromBo.map(\.0) == ["Bo", "Ann"] && fromBo.last?.2 == 0.5)
    // A second sync has nothing more to follow.
    let again = try await run(desktop, ["sync"])
    #expect(!again.stdout.contains("Bookworms"), "\(again.stdout)")

    // Left on the desktop: left on the laptop at its next sync, and Ann has left the club.
    try await run(desktop, ["club", "leave", "Bookworms"])
    try await run(desktop, ["sync"])
    let left = try await run(laptop, ["sync"])
    #expect(left.stdout.contains("You left “Bookworms” here too"), "\(left.stdout)")
    #expect(try await run(laptop, ["club", "list"]).stdout.contains("Bookworms") == false)
  }

  @Test func aClubMadeInACloneIsClonedFromItsOriginOnTheOtherDevice() async throws {
    let remote = shared.path("made.git")
    try await git(["init", "--quiet", "--bare", "--initial-branch=main", remote])
    try await syncedDevices()
    let clone = laptop.path("made")
    try await git(["clone", "--quiet", "file://" + remote, clone])
    try await run(laptop, ["club", "create", clone, "--name", "Made here", "--as", "Ann"])
    try await run(laptop, ["club", "sync"])
    try await run(laptop, ["sync"])
    let followed = try await run(desktop, ["sync"])
    #expect(followed.stdout.contains("You are in “Made here” here too"), "\(followed.stderr)")
    #expect(try await members(desktop).map(\.1) == [true])
  }

  @Test func aClubFolderWaitsForAJoinByHandAndThenIsTheSamePerson() async throws {
    try await syncedDevices()
    let folder = shared.path("folder-club")
    try await run(laptop, ["club", "create", folder, "--name", "Tuesday", "--as", "Ann"])
    try await run(laptop, ["sync"])
    let told = try await run(desktop, ["sync"])
    #expect(told.stderr.contains("run 'bookclub club join <its folder or git URL> --as Ann'"))
    let status = try await run(desktop, ["sync", "status"])
    #expect(status.stdout.contains("You joined “Tuesday” on another device"), "\(status.stdout)")
    try await run(desktop, ["club", "join", folder, "--as", "Ann"])
    let fromDesktop = try await members(desktop)
    #expect(fromDesktop.map(\.0) == ["Ann"] && fromDesktop.map(\.1) == [true])
    // Joined here: nothing waits any more.
    try await run(desktop, ["sync"])
    let after = try await run(desktop, ["sync", "status"])
    #expect(!after.stdout.contains("Tuesday"), "\(after.stdout)")
  }

  @Test func aClubLineOfAStrangerIsNeverCloned() async throws {
    try await syncedDevices()
    // Another writer of the sync folder announces a club at a path of this disk, and one
    // at an option: neither is cloned, each is said.
    let journal = shared.path("sync/devices/0123456789ab.jsonl")
    let lines = ["/etc", "--upload-pack=touch /tmp/owned", "ext::sh -c touch% /tmp/owned"]
      .enumerated().map { index, url in
        #"{"club":"aaaaaaaa-0000-4000-8000-00000000000\#(index)","kind":"club","left":false,"#
          + #""memberName":"Ann","name":"Evil \#(index)","person":"bbbbbbbb-0000-4000-8000-000000000000","#
          + #""seq":\#(index + 1),"sharesNotes":false,"stamp":"1764672000000.0.0123456789ab","#
          + #""url":"\#(url)","v":1,"device":"0123456789ab"}"#
      }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: journal, atomically: true, encoding: .utf8)
    let sync = try await run(desktop, ["sync"])
    #expect(sync.stderr.contains("is not a URL to clone from"), "\(sync.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/owned"))
    let clubs = desktop.path(".local/share/bookclub/clubs")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: clubs)) ?? [] == [])
  }

  @Test func onlyAnAddressOfAnotherMachineIsPassedOnAndNeverAPassword() {
    #expect(SyncClubFollower.address("https://me:token@host/club.git") == "https://host/club.git")
    #expect(SyncClubFollower.address("git@host:club.git") == "git@host:club.git")
    #expect(SyncClubFollower.address("file:///srv/club.git") == "file:///srv/club.git")
    for refused in ["/srv/club.git", "./club", "-uoops", "ext::sh", "@host:x", "x@:y", "://x", ""] {
      #expect(SyncClubFollower.address(refused) == nil, "\(refused)")
    }
  }
}
