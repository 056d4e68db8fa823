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
/// storing credentials, always as ``GitInvocation`` says. A git club is synced by
/// committing your journal (by path: nothing else that is staged), fetching, rebasing on
/// what the others pushed and pushing.
struct ClubGit {
  let environment: [String: String]

  /// How many times a push rejected because another member pushed first is tried again.
  static let pushAttempts = 5

  /// Whether the club's repository has a remote.
  func hasRemote(_ repository: ClubRepository) -> Bool {
    guard let remotes = try? run(repository, ["remote"]), remotes.succeeded else { return false }
    return !remotes.output.trimmingWhitespace().isEmpty
  }

  /// Clones `url` into `folder`.
  ///
  /// - Throws: ``ClubGitError`` with git's own words when it fails.
  func clone(_ url: String, into folder: String) throws {
    // After `--`, a URL that starts with `-` is a URL, never an option of git's.
    let result = try run(nil, ["clone", "--quiet", "--", url, folder])
    guard result.succeeded else { throw ClubGitError.failed("git clone", result.output) }
  }

  /// Commits `journal` (a path inside the work tree), rebases on what the others pushed
  /// and pushes; a rejected push is fetched and pushed again. Every fetch and push names
  /// the remote and the branch your branch tracks, whatever their names (a clone on
  /// `master` tracking `upstream/main` syncs as one on `main` tracking `origin/main` does).
  ///
  /// - Throws: ``ClubGitError`` when the remote cannot be reached, another member changed
  ///   your journal, the rebase fails (it is then aborted) or git fails; your commit stays
  ///   in the clone and the next sync pushes it.
  func sync(
    _ repository: ClubRepository, journal: String, also: [String] = ["club.json"],
    message: String
  ) throws {
    if repository.isRebasing { _ = try run(repository, ["rebase", "--abort"]) }
    try commit(also + [journal], in: repository, message: message)
    // A new club's first push: the remote has no branch to rebase on yet.
    guard let (remote, branch) = try upstream(repository) else {
      let first = try run(repository, ["push", "--quiet", "--set-upstream", "origin", "HEAD"])
      guard first.succeeded else { throw ClubGitError.unreachable(first.output) }
      return
    }
    let tracking = "refs/remotes/\(remote)/" + branch.name
    // A clone of an empty repository tracks a branch the remote does not have yet.
    let known = try run(repository, ["rev-parse", "--verify", "--quiet", tracking])
    if !known.succeeded {
      let first = try run(repository, ["push", "--quiet", remote, "HEAD:" + branch.ref])
      if first.succeeded { return }  // else another member made it first: fetched below
    }
    for attempt in 1...Self.pushAttempts {
      let fetch = try run(repository, ["fetch", "--quiet", remote, "+\(branch.ref):\(tracking)"])
      guard fetch.succeeded else { throw ClubGitError.unreachable(fetch.output) }
      try refuseChanges(to: journal, in: repository, upstream: tracking)
      try rebase(repository, onto: tracking)
      let push = try run(repository, ["push", "--quiet", remote, "HEAD:" + branch.ref])
      if push.succeeded { return }
      if attempt == Self.pushAttempts { throw ClubGitError.failed("git push", push.output) }
      usleep(UInt32.random(in: 50_000...250_000))  // another member pushed first
    }
  }

  /// The remote and the branch of it that the clone's current branch tracks; `nil` when it
  /// tracks none (a new club's clone before its first push). Only the names are read from
  /// the clone's config, and checked: the commands and their options are bookclub's.
  ///
  /// - Throws: ``ClubGitError/invalidRemote(branch:remote:)`` when it tracks something
  ///   that is not one of the clone's remotes by a plain name (a path, a URL, `.`, a name
  ///   like an option), ``ClubGitError/invalidBranch(_:)`` for a name git would not take.
  private func upstream(_ repository: ClubRepository) throws -> (String, GitBranchName)? {
    let head = try run(repository, ["symbolic-ref", "--quiet", "HEAD"])
    guard head.succeeded else { return nil }  // no branch checked out: nothing tracks
    guard let local = GitBranchName(ref: head.output) else {
      throw ClubGitError.invalidBranch(head.output.trimmingWhitespace())
    }
    let remote = try run(repository, ["config", "--get", "branch.\(local.name).remote"])
    let merge = try run(repository, ["config", "--get", "branch.\(local.name).merge"])
    guard remote.succeeded, merge.succeeded else { return nil }
    guard let branch = GitBranchName(ref: merge.output) else {
      throw ClubGitError.invalidBranch(merge.output.trimmingWhitespace())
    }
    let remoteName = remote.output.trimmingWhitespace()
    let remotes = try run(repository, ["remote"])
    let known = remotes.output.split(separator: "\n").map { $0.trimmingWhitespace() }
    guard Self.isPlainRemoteName(remoteName), known.contains(remoteName) else {
      throw ClubGitError.invalidRemote(branch: local.name, remote: remoteName)
    }
    return (remoteName, branch)
  }

  /// Whether `name` is a remote's name as `git remote add` makes one, read as nothing else:
  /// letters, digits, `.`, `_` and `-`, not first a `-` or a `.`.
  static func isPlainRemoteName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first != "-", first != ".",
      name.utf8.count <= 100
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "._-".unicodeScalars.contains($0))
    }
  }

  /// The URL others clone the club from: origin's, without a password it may hold; `nil`
  /// when the clone has no origin.
  func originURL(_ repository: ClubRepository) -> String? {
    guard let url = try? run(repository, ["remote", "get-url", "origin"]), url.succeeded else {
      return nil
    }
    let text = url.output.trimmingWhitespace()
    return text.isEmpty ? nil : Self.withoutPassword(text)
  }

  /// `https://me:token@host/club.git` as `https://host/club.git`: a URL to tell others
  /// never carries your credentials.
  static func withoutPassword(_ url: String) -> String {
    let parts = url.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return url }
    let rest = parts[1]
    let authority = rest.prefix { $0 != "/" }
    guard let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") else {
      return url
    }
    return parts[0] + "://" + rest[rest.index(after: at)...]
  }

  /// Commits `paths` as they are in the work tree, and only them: whatever else is staged
  /// stays staged.
  private func commit(_ paths: [String], in repository: ClubRepository, message: String) throws {
    // club.json is written once, by `club create`; it travels with the first sync. A path
    // that is not there (no journal yet) is left out rather than failing the add.
    let paths = paths.filter { access(repository.folder + "/" + $0, F_OK) == 0 }
    guard !paths.isEmpty else { return }
    let add = try run(repository, ["add", "--"] + paths)
    guard add.succeeded else { throw ClubGitError.failed("git add", add.output) }
    let staged = try run(
      repository, ["diff", "--cached", "--quiet", "--no-ext-diff", "--"] + paths)
    guard !staged.succeeded else { return }
    let commit = try run(repository, ["commit", "--quiet", "-m", message, "--"] + paths)
    guard commit.succeeded else { throw ClubGitError.failed("git commit", commit.output) }
  }

  /// Only you write your journal: a commit of another member's that changed it (made it a
  /// symbolic link, say) is not taken, neither by a rebase nor by a fast-forward.
  private func refuseChanges(
    to journal: String, in repository: ClubRepository, upstream: String
  ) throws {
    let log = try run(repository, ["log", "--format=%h", "HEAD.." + upstream, "--", journal])
    guard log.succeeded else { throw ClubGitError.failed("git log", log.output) }
    if let commit = log.output.split(separator: "\n").last {
      throw ClubGitError.journalChanged(journal, commit: String(commit))
    }
  }

  /// Puts your commits after the others'; one that cannot be put there is aborted, so the
  /// work tree is never left part-way through a rebase.
  private func rebase(_ repository: ClubRepository, onto upstream: String) throws {
    let rebase = try run(repository, ["rebase", "--quiet", upstream])
    guard !rebase.succeeded else { return }
    let unmerged = try? run(
      repository, ["diff", "--name-only", "--diff-filter=U", "--no-ext-diff"])
    let files = (unmerged?.output ?? "").split(separator: "\n").map(String.init)
    if repository.isRebasing { _ = try run(repository, ["rebase", "--abort"]) }
    throw ClubGitError.rebaseFailed(files: files, output: rebase.output)
  }

  private struct Result {
    var succeeded: Bool
    var output: String
  }

  private func run(_ repository: ClubRepository?, _ arguments: [String]) throws -> Result {
    guard let git = Self.executable(environment) else { throw ClubGitError.notInstalled }
    let invocation = GitInvocation(repository: repository)
    let (termination, output) = try ChildProcess.capture(
      [git] + invocation.arguments(environment) + arguments,
      environment: invocation.environment(environment))
    return Result(succeeded: termination == .exited(0), output: output)
  }

  /// `git` in a folder of `PATH` given as an absolute path: an empty or relative entry
  /// would find a `git` in the current folder, which may be a club folder.
  static func executable(_ environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.filter { $0.hasPrefix("/") }.map { "\($0)/git" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
