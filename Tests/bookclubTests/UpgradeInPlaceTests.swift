import Foundation
import ReadingModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// bookclub upgraded in place while a command runs (its file renamed over, as a package
/// manager does): the background club sync the command starts is the new program at the
/// same path, not the gone file Linux calls "<path> (deleted)".
@Suite(
  .enabled(
    if: RequiredTool.git.path != nil && FileManager.default.fileExists(atPath: "/proc/self/exe")))
struct UpgradeInPlaceTests: LibraryCommandSuite {
  let home = TestHome()

  @discardableResult
  func git(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.git.path ?? "/usr/bin/git")
    process.arguments = ["-c", "user.name=Test", "-c", "user.email=test@localhost"] + arguments
    process.environment = [
      "HOME": home.url.path, "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func theBackgroundSyncIsTheNewProgramAtThePath() async throws {
    // A git club whose pick is Middlemarch: a progress entry on it syncs in the background.
    let remote = home.path("remote.git")
    let clone = home.path("club")
    #expect(try git(["init", "--quiet", "--bare", remote]) == 0)
    #expect(try git(["clone", "--quiet", remote, clone]) == 0)
    #expect(try await run(["settings", "set", "clubAutoSync", "false"]).status == 0)
    #expect(
      try await run(["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"]).status
        == 0)
    #expect(
      try await run(["club", "create", clone, "--name", "Bookworms", "--as", "Ann"]).status == 0)
    #expect(try await run(["club", "pick", "Middlemarch"]).status == 0)
    #expect(try await run(["settings", "set", "clubAutoSync", "true"]).status == 0)

    // bookclub installed in a folder of its own, to be upgraded there.
    let installed = home.path("bin/bookclub")
    try FileManager.default.createDirectory(
      atPath: home.path("bin"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: BookclubProcess.executable.path, toPath: installed)
    let marker = home.path("started-by-the-sync")
    let upgrade = home.path("bin/bookclub.new")
    try Data("#!/bin/sh\necho \"$@\" > '\(marker)'\n".utf8).write(to: URL(fileURLWithPath: upgrade))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: upgrade)

    // The write waits while the library's lock is held (as during a repair): time to
    // upgrade the program under the running command.
    let lock = open(library + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(lock >= 0)
    var locked = flock(lock, LOCK_EX) == 0
    defer { if locked { close(lock) } }
    try #require(locked)
    let bookclub = home.bookclub
    let library = self.library
    async let progress = bookclub.run(
      executable: URL(fileURLWithPath: installed), ["progress", "set", "Middlemarch", "528"],
      extraEnvironment: ["BOOKCLUB_LIBRARY": library])
    try await Wait.until("the command to start", interval: .milliseconds(20)) {
      !ProcessTable.matching(all: [installed, "progress"]).isEmpty
    }
    try #require(rename(upgrade, installed) == 0)
    close(lock)
    locked = false

    let result = try await progress
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("Could not start syncing"), "\(result.stderr)")
    try await Wait.until("the background sync to start", interval: .milliseconds(50)) {
      FileManager.default.fileExists(atPath: marker)
    }
    let arguments = try String(contentsOfFile: marker, encoding: .utf8)
    #expect(arguments.hasPrefix("club sync "), "\(arguments)")
    #expect(arguments.hasSuffix("--library \(library)\n"), "\(arguments)")
  }
}
