import Foundation
import ReadingModel
import Synchronization
import TestSupport
import Testing

/// Clubs made by a hostile member (README, "Book clubs"): other members, club URLs and club
/// folders are strangers, who must never run a command on your machine nor have bookclub
/// write (or read) outside the club. Each case sets a trap whose commands would touch a
/// canary file, and names the paths that must not appear; none may exist afterwards.
@Suite(.requires(.git))
struct HostileClubTests {
  @Test(arguments: HostileClub.Trap.allCases)
  func aHostileClubRunsNothingAndWritesNothingOutside(_ trap: HostileClub.Trap) async throws {
    let club = HostileClub()
    try await club.set(trap)
    let touched = club.canaries.filter(club.isTouched)
    #expect(touched.isEmpty, "\(trap): \(touched)")
    HostileClub.tally.record(canaries: club.canaries.count, touched: touched.count)
  }
}

/// One case's world: a shared place, Ann (who is attacked) and Bo (who attacks), each a
/// home of their own, and the canaries.
final class HostileClub {
  /// The traps, one per way a club could reach outside itself.
  enum Trap: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlThatIsAnOption, extURLAllowedByYourGitConfig, gitOnARelativePath
    case gitFolderDroppedIntoASyncedClub, clubInsideAnotherWorkTree
    case clubIDThatIsAPath, clubIDOfAnotherClub, committedMembersSymlink
    case membersSymlinkInASyncedClub, journalSymlinkIsNotRead
    case journalReplacedBySymlinkInACommit, rebaseThatCannotApply
    case clubJSONThatIsAFIFO, clubJSONThatIsADevice, clubJSONOverOneMiB

    var testDescription: String { rawValue }
  }

  /// Every case's canaries, for the line the suite prints when the last case ends.
  static let tally = Tally()

  let shared = TestHome()
  let ann = TestHome()
  let bo = TestHome()
  /// The paths that must not exist when the case ends.
  private(set) var canaries: [String] = []

  init() {
    try? FileManager.default.createDirectory(
      atPath: shared.path("canaries"), withIntermediateDirectories: true)
  }

  /// Sets `trap` and springs it, checking what bookclub says.
  func set(_ trap: Trap) async throws {
    switch trap {
    case .urlThatIsAnOption: try await urlThatIsAnOption()
    case .extURLAllowedByYourGitConfig: try await extURLAllowedByYourGitConfig()
    case .gitOnARelativePath: try await gitOnARelativePath()
    case .gitFolderDroppedIntoASyncedClub: try await gitFolderDroppedIntoASyncedClub()
    case .clubInsideAnotherWorkTree: try await clubInsideAnotherWorkTree()
    case .clubIDThatIsAPath: try await clubIDThatIsAPath()
    case .clubIDOfAnotherClub: try await clubIDOfAnotherClub()
    case .committedMembersSymlink: try await committedMembersSymlink()
    case .membersSymlinkInASyncedClub: try await membersSymlinkInASyncedClub()
    case .journalSymlinkIsNotRead: try await journalSymlinkIsNotRead()
    case .journalReplacedBySymlinkInACommit: try await journalReplacedBySymlinkInACommit()
    case .rebaseThatCannotApply: try await rebaseThatCannotApply()
    case .clubJSONThatIsAFIFO: try await clubJSONThatIsAFIFO()
    case .clubJSONThatIsADevice: try await clubJSONThatIsADevice()
    case .clubJSONOverOneMiB: try await clubJSONOverOneMiB()
    }
  }

  /// A path that must not exist afterwards (a canary, or where a write would escape to);
  /// one that ends in `/` is a folder that must stay empty.
  func canary(_ path: String) -> String {
    canaries.append(path)
    return path
  }

  /// An empty folder outside the club that must stay empty.
  func emptyCanaryFolder(named name: String) throws -> String {
    let folder = shared.path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = canary(folder + "/")
    return folder
  }

  /// Whether the canary at `path` was touched: it exists, or for a folder, holds something.
  func isTouched(_ path: String) -> Bool {
    guard path.hasSuffix("/") else { return FileManager.default.fileExists(atPath: path) }
    return !isEmpty(path)
  }

  /// A canary in the shared place, for a hostile command to touch.
  func canary(named name: String) -> String {
    canary(shared.path("canaries/" + name))
  }

  /// A shell script that touches `canary`.
  func shellScript(touching canary: String) -> String {
    "#!/bin/sh\ntouch '\(canary)'\nexit 0\n"
  }

  /// An executable shell script that touches `canary`, in the shared place.
  func script(touching canary: String) throws -> String {
    let path = shared.path("scripts/\(UUID().uuidString).sh")
    try write(shellScript(touching: canary), to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  /// Runs bookclub as `member`, expecting `status`.
  @discardableResult
  func run(
    _ member: TestHome, _ arguments: [String], status: Int32 = 0,
    environment: [String: String] = [:], in directory: String? = nil
  ) async throws -> BookclubProcess.Result {
    let result = try await member.bookclub.run(
      arguments, extraEnvironment: environment,
      in: directory.map { URL(fileURLWithPath: $0) })
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    return result
  }

  /// Runs the test's own git (never bookclub's) with no configuration of the machine's.
  @discardableResult
  func git(_ arguments: [String], expecting status: Int32 = 0) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.git.path ?? "/usr/bin/git")
    process.arguments = ["-c", "user.name=Test", "-c", "user.email=test@localhost"] + arguments
    // In the test's own folder: a `-C` path left empty by a failed step must never reach
    // the checkout the tests run in (git would commit there).
    process.currentDirectoryURL = shared.url
    process.environment = [
      "HOME": shared.url.path, "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
    ]
    let output = shared.path("git-\(UUID().uuidString).out")
    try Data().write(to: URL(fileURLWithPath: output))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardOutput = handle
    process.standardError = handle
    let exit = try await BookclubProcess.waitForExit(of: process)
    try handle.close()
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(exit == status, "git \(arguments): \(text)")
    return text
  }

  /// What `club list --json` says of `member`'s only club.
  func membership(of member: TestHome) async throws -> [String: Any] {
    let list = try await run(member, ["club", "list", "--json"]).stdout
    let clubs = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]
    return clubs?.first ?? [:]
  }

  /// The member's line of `club status`.
  func line(of name: String, in status: String) -> String {
    status.split(separator: "\n").first { $0.hasPrefix("  \(name)") }.map(String.init) ?? ""
  }

  func addMiddlemarch(_ member: TestHome) async throws {
    try await run(member, ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880"])
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: PathName.folder(of: path), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Whether `folder` holds nothing (or is not there).
  func isEmpty(_ folder: String) -> Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty
  }

  /// Counts the cases and their canaries, and prints the total once every case has run.
  final class Tally: Sendable {
    private let counts = Mutex((cases: 0, canaries: 0, touched: 0))

    func record(canaries: Int, touched: Int) {
      let total = counts.withLock { counts in
        counts.cases += 1
        counts.canaries += canaries
        counts.touched += touched
        return counts
      }
      guard total.cases == Trap.allCases.count else { return }
      print(
        "hostile club: \(total.cases) cases, \(total.canaries) canaries, "
          + "\(total.touched) canaries touched")
    }
  }
}
