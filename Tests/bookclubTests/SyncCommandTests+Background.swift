import Foundation
import TestSupport
import Testing

/// A command that writes sends its change to the sync folder after its commit; with git
/// and `deviceAutoSync` (the default), a sync runs in the background to push it.
extension SyncCommandTests {
  @Test func aChangeIsInTheFolderBeforeAnySync() async throws {
    let folder = shared.path("sync")
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen", "--pages", "300"])
    try await run(devices[0], ["sync", "init", folder, "--name", "laptop"])
    try await run(devices[1], ["sync", "join", folder, "--name", "desktop"])
    try await run(devices[0], ["progress", "set", "emma", "30"])
    let journals = try FileManager.default.contentsOfDirectory(atPath: folder + "/devices")
    let written = try journals.map {
      try String(contentsOfFile: folder + "/devices/" + $0, encoding: .utf8)
    }
    #expect(written.contains { $0.contains("\"progress/") }, "\(written)")
    // The laptop never ran `sync` after the change: the desktop has it all the same.
    let synced = try await run(devices[1], ["sync"])
    #expect(synced.stdout.contains("applied 1 from other devices"), "\(synced.stdout)")
    #expect(try await run(devices[1], ["show", "emma"]).stdout.contains("page 30"))
  }

  @Test func aGitFolderSyncsInTheBackgroundAfterACommand() async throws {
    let remote = shared.path("library.git")
    try await git(["init", "--quiet", "--bare", remote])
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen", "--pages", "300"])
    try await run(devices[0], ["sync", "init", remote, "--name", "laptop"])
    try await run(devices[1], ["sync", "join", remote, "--name", "desktop"])
    try await run(devices[0], ["rate", "emma", "4"])
    let desktop = devices[1].bookclub
    try await Wait.until("the rating pushed in the background", interval: .milliseconds(300)) {
      _ = try await desktop.run(["sync"])
      return try await desktop.run(["export"]).stdout.contains("\"rating\":4")
    }
    // Off: the change waits in the clone until a sync pushes it.
    try await run(devices[0], ["settings", "set", "deviceAutoSync", "false"])
    try await run(devices[0], ["rate", "emma", "2"])
    try await Task.sleep(for: .seconds(1))
    try await run(devices[1], ["sync"])
    #expect(try await run(devices[1], ["export"]).stdout.contains("\"rating\":4"))
    try await run(devices[0], ["sync"])
    try await run(devices[1], ["sync"])
    #expect(try await run(devices[1], ["export"]).stdout.contains("\"rating\":2"))
  }

  @Test func aBackgroundSyncThatFailedIsToldByTheNextCommand() async throws {
    let remote = shared.path("library.git")
    try await git(["init", "--quiet", "--bare", remote])
    try await run(devices[0], ["add", "Emma", "--author", "Jane Austen", "--pages", "300"])
    try await run(devices[0], ["sync", "init", remote, "--name", "laptop"])
    try FileManager.default.moveItem(atPath: remote, toPath: shared.path("moved.git"))
    try await run(devices[0], ["progress", "set", "emma", "10"])
    let bookclub = devices[0].bookclub
    try await Wait.until("the background sync to fail", interval: .milliseconds(200)) {
      try await bookclub.run(["sync", "status"]).stdout.contains(
        "The last background sync failed: The sync folder's git remote cannot be reached")
    }
    let told = try await devices[0].waitUntil(
      ["progress", "set", "emma", "+1"], saysOnStderr: "The background sync failed")
    #expect(told)
    let failed = try await run(devices[0], ["sync"], status: 1)
    #expect(
      failed.stderr.contains("sync folder's git remote cannot be reached"), "\(failed.stderr)")
    #expect(failed.stderr.contains("next 'bookclub sync' sends them"))
    try await run(devices[0], ["rate", "emma", "3"])
    // The change is kept: once the remote is back, a sync sends it.
    try FileManager.default.moveItem(atPath: shared.path("moved.git"), toPath: remote)
    try await run(devices[0], ["sync"])
    try await run(devices[1], ["sync", "join", remote, "--name", "desktop"])
    #expect(try await run(devices[1], ["export"]).stdout.contains("\"rating\":3"))
  }
}
