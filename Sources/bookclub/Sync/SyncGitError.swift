#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why git could not carry a sync folder: a ``ClubGitError`` told as the sync of one's own
/// devices, with the command that tries again (`bookclub sync`, not `club sync`).
struct SyncGitError: Error, LocalizedError {
  let git: ClubGitError

  var errorDescription: String? {
    let line = ClubGitError.firstLine
    return switch git {
    case .notInstalled:
      "git is not installed, and this library syncs through git. Install git (apt-get install git)."
    case .unreachable(let output):
      "The sync folder's git remote cannot be reached (\(line(output))). Your changes are kept and the next 'bookclub sync' sends them."
    case .failed(let command, let output):
      "\(command) failed: \(line(output)). Your changes are kept and the next 'bookclub sync' tries again."
    case .notOwnRepository(let folder):
      "The sync folder \(folder) is synced with git, but \(folder)/.git is not a folder of its own (bookclub runs git only in its own clone). Clone the repository there again."
    case .optionLikeURL(let url):
      "“\(url)” starts with '-', so it is not a git URL. Give the sync folder's URL or path."
    case .journalChanged(let journal, let commit):
      "Another device's commit \(commit) changed this device's journal \(journal); only this device writes it, so bookclub did not take that commit and did not sync. Your changes are kept in the clone and sent once the repository has the journal back (git revert \(commit) where it was made)."
    case .rebaseFailed(let files, let output):
      files.isEmpty
        ? "git rebase failed (\(line(output))); bookclub aborted it (git rebase --abort). Your changes are kept and the next 'bookclub sync' tries again."
        : "Another device changed \(files.joined(separator: ", ")) as this device's commit did, so the commit cannot go after theirs; bookclub aborted the rebase (git rebase --abort). Your changes are kept in the clone and sent once \(files.count == 1 ? "that file is" : "those files are") resolved."
    case .invalidRemote(let branch, let remote):
      "The sync clone's branch \(TerminalText.safe(branch)) tracks “\(TerminalText.safe(String(remote.prefix(100))))”, which is not one of the clone's remotes by a plain name, so bookclub did not sync. Track a remote's branch: git branch --set-upstream-to origin/<branch>"
    case .invalidBranch(let name):
      "The sync clone names the branch “\(TerminalText.safe(String(name.prefix(100))))”, which is not a branch name git takes, so bookclub did not sync. Check out a branch of the sync repository (git switch main)."
    }
  }
}
