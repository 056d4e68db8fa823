#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why git could not carry a club.
enum ClubGitError: Error, LocalizedError {
  /// git is not installed.
  case notInstalled
  /// The remote could not be reached: offline, or it refused.
  case unreachable(String)
  /// A git command failed, with what it said.
  case failed(String, String)
  /// A git club whose folder has no `.git` folder of its own.
  case notOwnRepository(String)
  /// A URL to clone that starts with `-`.
  case optionLikeURL(String)
  /// A commit of another member's changed your journal (the path), in the commit named.
  case journalChanged(String, commit: String)
  /// A rebase on the others' commits failed and was aborted: the files both changed.
  case rebaseFailed(files: [String], output: String)
  /// The clone's branch (named) tracks something not one of the clone's remotes by a plain
  /// name (as read from its config).
  case invalidRemote(branch: String, remote: String)
  /// A branch name in the clone that git would not take, as it was read.
  case invalidBranch(String)

  var errorDescription: String? {
    switch self {
    case .notInstalled:
      "git is not installed, and this club is synced with git. Install git (apt-get install git)."
    case .unreachable(let output):
      "The club's git remote cannot be reached (\(Self.firstLine(output))). Your events are kept and the next 'bookclub club sync' sends them."
    case .failed(let command, let output):
      "\(command) failed: \(Self.firstLine(output))"
    case .notOwnRepository(let folder):
      "The club at \(folder) is synced with git, but \(folder)/.git is not a folder of its own (bookclub runs git only in the club's own clone). Clone the club's repository there again, or leave the club and join it from its git URL."
    case .optionLikeURL(let url):
      "“\(url)” starts with '-', so it is not a git URL. Give the club's URL or folder."
    case .journalChanged(let journal, let commit):
      "Another member's commit \(commit) changed your journal \(journal); only you write it, so bookclub did not take that commit and did not sync. Your events are kept in your clone and sent once the club's repository has your journal back (ask the club to revert \(commit))."
    case .rebaseFailed(let files, let output):
      files.isEmpty
        ? "git rebase failed (\(Self.firstLine(output))); bookclub aborted it (git rebase --abort). Your events are kept and the next 'bookclub club sync' tries again."
        : "Another member changed \(files.joined(separator: ", ")) as your commit did, so your commit cannot go after theirs; bookclub aborted the rebase (git rebase --abort). Your events are kept in your clone and sent once \(files.count == 1 ? "that file is" : "those files are") resolved."
    case .invalidRemote(let branch, let remote):
      "The club's branch \(TerminalText.safe(branch)) tracks “\(TerminalText.safe(String(remote.prefix(100))))”, which is not one of the clone's remotes by a plain name, so bookclub did not sync. Track a remote's branch: git branch --set-upstream-to origin/<branch>"
    case .invalidBranch(let name):
      "The club's clone names the branch “\(TerminalText.safe(String(name.prefix(100))))”, which is not a branch name git takes, so bookclub did not sync. Check out a branch of the club's repository (git switch main)."
    }
  }

  static func firstLine(_ text: String) -> String {
    text.split(separator: "\n").first.map { String($0).trimmingWhitespace() } ?? "no message"
  }
}
