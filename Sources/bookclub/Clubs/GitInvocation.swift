import ReadingModel

/// How bookclub runs git (README, "Book clubs"): with one fixed configuration that no
/// club, remote or `.git/config` can change, and in a club only with the club folder's own
/// `.git` pinned, so git never looks further up for a repository.
struct GitInvocation {
  /// The club's repository, `nil` for `git clone`.
  let repository: ClubRepository?

  /// What every git bookclub runs is told on its command line (which outranks every config
  /// file): no fsmonitor or hook runs, no transport but HTTPS, SSH and local files (no
  /// `ext::`), no helper or program a repository's config names, no pager, no prompt.
  static let configuration = [
    "core.fsmonitor=false", "core.hooksPath=/dev/null", "core.symlinks=false",
    "core.pager=cat", "core.editor=:", "sequence.editor=:", "core.askPass=",
    "credential.helper=", "core.gitProxy=", "protocol.allow=never",
    "protocol.https.allow=always", "protocol.ssh.allow=always", "protocol.file.allow=always",
    "remote.origin.uploadpack=git-upload-pack", "remote.origin.receivepack=git-receive-pack",
    "gc.auto=0", "maintenance.auto=false", "commit.gpgSign=false",
    // bookclub's commits carry an identity of their own: a machine where git was never
    // configured can commit, and the journals say who wrote what.
    "user.name=bookclub", "user.email=bookclub@localhost",
  ]

  /// Variables of the reader's own environment that git keeps: how to reach an SSH remote.
  static let keptVariables: Set = ["GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSH_VARIANT"]

  /// The arguments that come before git's command.
  func arguments(_ environment: [String: String]) -> [String] {
    var arguments = ["--no-pager"]
    var configuration = Self.configuration
    if environment["GIT_SSH_COMMAND"] == nil, environment["GIT_SSH"] == nil {
      configuration.append("core.sshCommand=ssh")  // not one a repository's config names
    }
    for setting in configuration { arguments += ["-c", setting] }
    if let repository {
      arguments += ["--git-dir=" + repository.gitFolder, "--work-tree=" + repository.folder]
    }
    return arguments
  }

  /// The environment git runs in: `environment` without git's own variables (but
  /// ``keptVariables``), with no system or global config, no prompts, and for a club its
  /// repository pinned and the folders above it out of reach.
  func environment(_ environment: [String: String]) -> [String: String] {
    var result = environment.filter {
      !$0.key.hasPrefix("GIT_") || Self.keptVariables.contains($0.key)
    }
    result["GIT_CONFIG_NOSYSTEM"] = "1"
    result["GIT_CONFIG_GLOBAL"] = "/dev/null"
    result["GIT_TERMINAL_PROMPT"] = "0"  // never wait for a password
    result["GIT_PAGER"] = "cat"
    result["GIT_EDITOR"] = ":"
    result["SSH_ASKPASS_REQUIRE"] = "never"
    result["SSH_ASKPASS"] = nil
    if let repository {
      result["GIT_DIR"] = repository.gitFolder
      result["GIT_WORK_TREE"] = repository.folder
      result["GIT_CEILING_DIRECTORIES"] = PathName.folder(of: repository.folder)
    }
    return result
  }
}
