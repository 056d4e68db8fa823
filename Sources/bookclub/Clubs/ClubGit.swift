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

/// git as a club's transport (DESIGN.md section 10): run as a subprocess, never given or
/// storing credentials; a club folder that is a work tree with a remote is synced by
/// committing your journal, pulling with rebase and pushing.
struct ClubGit {
  let environment: [String: String]

  /// How many times a push rejected because another member pushed first is tried again.
  static let pushAttempts = 5

  /// Whether `path` is inside a git work tree that has a remote.
  func hasRemote(_ path: String) -> Bool {
    guard let remotes = try? run(["-C", path, "remote"]), remotes.succeeded else { return false }
    return !remotes.output.trimmingWhitespace().isEmpty
  }

  /// Clones `url` into `folder`.
  ///
  /// - Throws: ``ClubGitError`` with git's own words when it fails.
  func clone(_ url: String, into folder: String) throws {
    let result = try run(["clone", "--quiet", url, folder])
    guard result.succeeded else { throw ClubGitError.failed("git clone", result.output) }
  }

  /// Commits `journal` (a path inside the work tree), pulls with rebase and pushes; a
  /// rejected push is pulled and pushed again.
  ///
  /// - Throws: ``ClubGitError`` when the remote cannot be reached or git fails; the
  ///   commit stays local and the next sync pushes it.
  func sync(_ path: String, journal: String, message: String) throws {
    // club.json is written once, by `club create`; it travels with the first sync.
    _ = try run(["-C", path, "add", "--", "club.json", journal])
    let staged = try run(["-C", path, "diff", "--cached", "--quiet"])
    if !staged.succeeded {
      let commit = try run(identity(path) + ["commit", "--quiet", "-m", message])
      guard commit.succeeded else { throw ClubGitError.failed("git commit", commit.output) }
    }
    // A new club's first push: the remote has no branch to pull from yet.
    let upstream = try run(["-C", path, "rev-parse", "--abbrev-ref", "@{upstream}"])
    if !upstream.succeeded {
      let first = try run(["-C", path, "push", "--quiet", "--set-upstream", "origin", "HEAD"])
      if first.succeeded { return }
    }
    for attempt in 1...Self.pushAttempts {
      let pull = try run(identity(path) + ["pull", "--rebase", "--quiet"])
      guard pull.succeeded else { throw ClubGitError.unreachable(pull.output) }
      let push = try run(["-C", path, "push", "--quiet"])
      if push.succeeded { return }
      if attempt == Self.pushAttempts { throw ClubGitError.failed("git push", push.output) }
      usleep(UInt32.random(in: 50_000...250_000))  // another member pushed first
    }
  }

  /// `git -C path` with an identity for bookclub's commits, so a machine where git was
  /// never configured can still commit (the journals say who wrote what).
  private func identity(_ path: String) -> [String] {
    ["-C", path, "-c", "user.name=bookclub", "-c", "user.email=bookclub@localhost"]
  }

  private struct Result {
    var succeeded: Bool
    var output: String
  }

  private func run(_ arguments: [String]) throws -> Result {
    guard let git = Self.executable(environment) else { throw ClubGitError.notInstalled }
    var environment = self.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"  // never wait for a password
    let (termination, output) = try ChildProcess.capture(
      [git] + arguments, environment: environment)
    return Result(succeeded: termination == .exited(0), output: output)
  }

  /// `git` on `PATH`.
  static func executable(_ environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// Why git could not carry a club.
enum ClubGitError: Error, LocalizedError {
  /// git is not installed.
  case notInstalled
  /// The remote could not be reached: offline, or it refused.
  case unreachable(String)
  /// A git command failed, with what it said.
  case failed(String, String)

  var errorDescription: String? {
    switch self {
    case .notInstalled:
      "git is not installed, and this club is synced with git. Install git (apt-get install git)."
    case .unreachable(let output):
      "The club's git remote cannot be reached (\(Self.firstLine(output))). Your events are kept and the next 'bookclub club sync' sends them."
    case .failed(let command, let output):
      "\(command) failed: \(Self.firstLine(output))"
    }
  }

  private static func firstLine(_ text: String) -> String {
    text.split(separator: "\n").first.map { String($0).trimmingWhitespace() } ?? "no message"
  }
}
