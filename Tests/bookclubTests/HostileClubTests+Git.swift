import Foundation
import ReadingModel
import Testing

/// The traps git could spring: URLs, repositories, commits.
extension HostileClub {
  /// What a hostile repository holds at a path.
  enum Entry {
    case text(String)
    case symlink(String)
    case executable(String)
  }

  /// A bare repository in the shared place holding `files`, as a hostile member pushed it.
  func hostileRemote(_ name: String, files: [String: Entry]) async throws -> String {
    let remote = shared.path(name + ".git")
    let work = shared.path(name + "-work")
    try await git(["init", "--quiet", "--bare", remote])
    try await git(["clone", "--quiet", remote, work])
    for (path, entry) in files { try place(entry, at: work + "/" + path) }
    try await git(["-C", work, "add", "-A"])
    try await git(["-C", work, "commit", "--quiet", "-m", "a club"])
    try await git(["-C", work, "push", "--quiet", "origin", "HEAD"])
    return remote
  }

  func place(_ entry: Entry, at path: String) throws {
    let manager = FileManager.default
    try manager.createDirectory(
      atPath: PathName.folder(of: path), withIntermediateDirectories: true)
    try? manager.removeItem(atPath: path)
    switch entry {
    case .text(let text): try write(text, to: path)
    case .symlink(let target):
      try manager.createSymbolicLink(atPath: path, withDestinationPath: target)
    case .executable(let text):
      try write(text, to: path)
      try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
  }

  func clubJSON(id: String, name: String = "Bookworms") -> String {
    #"{"format":1,"id":"\#(id)","name":"\#(name)"}"# + "\n"
  }

  /// Ann's git club, made in a clone of a bare repository, with Bo in it by its URL; both
  /// have Middlemarch, Ann's pick, and sync only when told.
  ///
  /// - Returns: The remote, Ann's clone and Bo's.
  func gitClubReadingMiddlemarch() async throws -> (String, String, String) {
    let remote = shared.path("remote.git")
    try await git(["init", "--quiet", "--bare", remote])
    let annClone = ann.path("club")
    try await git(["clone", "--quiet", remote, annClone])
    for member in [ann, bo] {
      try await run(member, ["settings", "set", "clubAutoSync", "false"])
      try await addMiddlemarch(member)
    }
    try await run(ann, ["club", "create", annClone, "--name", "Bookworms", "--as", "Ann"])
    try await run(ann, ["club", "pick", "Middlemarch"])
    try await run(bo, ["club", "join", remote, "--as", "Bo"])
    let boClone = try #require(try await membership(of: bo)["path"] as? String)
    return (remote, annClone, boClone)
  }

  /// Issue item 1: `git clone <url>` took a URL starting with `-` as an option of its own.
  func urlThatIsAnOption() async throws {
    let canary = canary(named: "upload-pack")
    let joined = try await run(
      ann, ["club", "join", "--as", "Ann", "--", "--upload-pack=touch \(canary);:@x"], status: 1)
    #expect(joined.stderr.contains("starts with '-'"), "\(joined.stderr)")
  }

  /// `ext::` runs a command; it is refused whatever the reader's own git config allows.
  func extURLAllowedByYourGitConfig() async throws {
    try write("[protocol \"ext\"]\n\tallow = always\n", to: ann.path(".gitconfig"))
    let canary = canary(named: "ext@x:y")
    let joined = try await run(
      ann, ["club", "join", "ext::sh -c touch% \(canary)", "--as", "Ann"], status: 1)
    #expect(joined.stderr.contains("git clone failed"), "\(joined.stderr)")
  }

  /// A `git` another member committed to the club is never the git bookclub runs, even
  /// with `.` on `PATH` and the clone as the current folder.
  func gitOnARelativePath() async throws {
    let (_, annClone, boClone) = try await gitClubReadingMiddlemarch()
    let hostile = "#!/bin/sh\ntouch '\(canary(named: "relative-git"))'\nexec /usr/bin/git \"$@\"\n"
    try place(.executable(hostile), at: boClone + "/git")
    try await git(["-C", boClone, "add", "git"])
    try await git(["-C", boClone, "commit", "--quiet", "-m", "a tool"])
    try await git(["-C", boClone, "push", "--quiet"])
    try await run(ann, ["club", "sync"])
    #expect(FileManager.default.isExecutableFile(atPath: annClone + "/git"))
    let path = ".:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    try await run(ann, ["club", "sync"], environment: ["PATH": path], in: annClone)
  }

  /// Issue item 2: a member of a folder a sync tool carries drops in a `.git` with an
  /// fsmonitor, a hook and a remote; the background sync ran git there.
  func gitFolderDroppedIntoASyncedClub() async throws {
    let folder = shared.path("Syncthing/bookworms")
    try await run(ann, ["club", "create", folder, "--name", "Bookworms", "--as", "Ann"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])
    try await addMiddlemarch(ann)
    try await run(ann, ["club", "pick", "Middlemarch"])

    let remote = shared.path("hostile.git")
    try await git(["init", "--quiet", "--bare", remote])
    try await git(["init", "--quiet", folder])
    try await git(["-C", folder, "remote", "add", "origin", remote])
    try await git([
      "-C", folder, "config", "core.fsmonitor", script(touching: canary(named: "fsmonitor")),
    ])
    let hook = shellScript(touching: canary(named: "pre-commit"))
    try place(.executable(hook), at: folder + "/.git/hooks/pre-commit")

    let progress = try await run(ann, ["progress", "set", "Middlemarch", "440"])
    #expect(progress.stderr.contains("Shared with Bookworms"), "\(progress.stderr)")
    try await run(ann, ["club", "sync"])
    try await run(bo, ["club", "join", folder, "--as", "Bo"])  // joined again: still no git
    try await run(bo, ["club", "sync"])
    // What a background sync would have done is done: none of Ann's or Bo's runs still.
    try await ann.waitForBackgroundSyncs()
    try await bo.waitForBackgroundSyncs()
    let status = try await run(bo, ["club", "status"]).stdout
    #expect(line(of: "Ann", in: status).contains("50%"), "\(status)")
  }

  /// Issue item 3: a club made inside another repository's work tree committed what that
  /// repository had staged, and pushed it to its remote.
  func clubInsideAnotherWorkTree() async throws {
    let project = ann.path("proj")
    let projectRemote = shared.path("proj.git")
    try await git(["init", "--quiet", "--bare", projectRemote])
    try await git(["init", "--quiet", project])
    try write("my project\n", to: project + "/README")
    try await git(["-C", project, "add", "README"])
    try await git(["-C", project, "commit", "--quiet", "-m", "start"])
    try await git(["-C", project, "remote", "add", "origin", projectRemote])
    try await git(["-C", project, "push", "--quiet", "--set-upstream", "origin", "HEAD"])
    try write("password\n", to: project + "/secret.txt")
    try await git(["-C", project, "add", "secret.txt"])
    let hook = shellScript(touching: canary(named: "project-hook"))
    try place(.executable(hook), at: project + "/.git/hooks/pre-commit")
    let head = try await git(["-C", project, "rev-parse", "HEAD"])

    let created = try await run(
      ann, ["club", "create", project + "/clubs/bw", "--name", "Bookworms", "--as", "Ann"])
    #expect(created.stderr.contains("inside the git work tree"), "\(created.stderr)")
    try await run(ann, ["club", "sync"])
    #expect(try await git(["-C", project, "rev-parse", "HEAD"]) == head)
    #expect(try await git(["-C", project, "diff", "--cached", "--name-only"]) == "secret.txt\n")
    let pushed = try await git(["--git-dir", projectRemote, "log", "--all", "--name-only"])
    #expect(!pushed.contains("secret.txt") && !pushed.contains("club.json"), "\(pushed)")
  }

  /// Issue item 4: a club.json id that is a path named a lock file and a folder outside.
  func clubIDThatIsAPath() async throws {
    let remote = try await hostileRemote(
      "pathid",
      files: ["club.json": .text(clubJSON(id: "/../../../escaped/x")), "members/.keep": .text("")])
    _ = canary(ann.path("escaped"))  // where the id leads the lock file
    _ = canary(ann.path("state/bookclub/club-sync-"))
    let joined = try await run(ann, ["club", "join", remote, "--as", "Ann"], status: 1)
    #expect(joined.stderr.contains("not a lowercase UUID"), "\(joined.stderr)")
    #expect(isEmpty(ann.path("data/bookclub/clubs")), "the refused clone is removed")
  }

  /// Issue item 4: a `members` symlink committed to the club sent your journal outside.
  func committedMembersSymlink() async throws {
    let outside = try emptyCanaryFolder(named: "outside")
    let remote = try await hostileRemote(
      "members",
      files: [
        "club.json": .text(clubJSON(id: UUID().uuidString.lowercased())),
        "members": .symlink(outside),
      ])
    let joined = try await run(ann, ["club", "join", remote, "--as", "Ann"], status: 1)
    #expect(
      joined.stderr.contains("members': it is a regular file, not a folder"), "\(joined.stderr)")
  }

  /// Issue item 5: another member replaced your journal by a symlink in a commit; the
  /// background sync left the clone part-way through a rebase, and every later sync failed.
  func journalReplacedBySymlinkInACommit() async throws {
    let (_, annClone, boClone) = try await gitClubReadingMiddlemarch()
    try await run(ann, ["club", "sync"])
    try await run(ann, ["settings", "set", "clubAutoSync", "true"])
    let annID = try await membership(of: ann)["memberId"] as? String ?? ""
    let journal = "members/\(annID).jsonl"
    try await git(["-C", boClone, "pull", "--quiet"])
    try place(.symlink(canary(named: "through-journal")), at: boClone + "/" + journal)
    try await git(["-C", boClone, "commit", "--quiet", "-am", "yours now"])
    try await git(["-C", boClone, "push", "--quiet"])

    try await run(ann, ["progress", "set", "Middlemarch", "528"])  // 60%, synced in the background
    let told = try await ann.waitUntil(
      ["club", "status"], saysOnStderr: "The background sync of “Bookworms” failed")
    #expect(told)
    #expect(!FileManager.default.fileExists(atPath: annClone + "/.git/rebase-merge"))
    #expect(!FileManager.default.fileExists(atPath: annClone + "/.git/rebase-apply"))
    let sync = try await run(ann, ["club", "sync"], status: 1)
    #expect(sync.stderr.contains("changed your journal \(journal)"), "\(sync.stderr)")
    let status = try await run(ann, ["club", "status"]).stdout
    #expect(line(of: "Ann", in: status).contains("60%"), "\(status)")
  }

  /// Issue item 5: a rebase that cannot apply is aborted, naming the file the other
  /// member changed; the clone is never left part-way.
  func rebaseThatCannotApply() async throws {
    let (_, annClone, boClone) = try await gitClubReadingMiddlemarch()
    try await run(ann, ["club", "sync"])
    try await git(["-C", boClone, "pull", "--quiet"])
    for (clone, words) in [(boClone, "Bo's rules\n"), (annClone, "Ann's rules\n")] {
      try write(words, to: clone + "/RULES")
      try await git(["-C", clone, "add", "RULES"])
      try await git(["-C", clone, "commit", "--quiet", "-m", "rules"])
    }
    try await git(["-C", boClone, "push", "--quiet"])

    try await run(ann, ["progress", "set", "Middlemarch", "528"])
    let sync = try await run(ann, ["club", "sync"], status: 1)
    #expect(sync.stderr.contains("Another member changed RULES"), "\(sync.stderr)")
    #expect(sync.stderr.contains("git rebase --abort"), "\(sync.stderr)")
    #expect(!FileManager.default.fileExists(atPath: annClone + "/.git/rebase-merge"))
    #expect(try await git(["-C", annClone, "status", "--porcelain"]) == "")
    let status = try await run(ann, ["club", "status"]).stdout
    #expect(line(of: "Ann", in: status).contains("60%"), "\(status)")
  }
}
