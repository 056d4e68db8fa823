import ReadingModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A git club's repository: the club folder and its own `.git` folder, never a repository
/// further up that the folder happens to be inside.
struct ClubRepository {
  /// The club folder, git's work tree.
  let folder: String

  /// `<folder>/.git`.
  var gitFolder: String { folder + "/.git" }

  /// The repository of the club at `folder`.
  ///
  /// - Throws: ``ClubGitError/notOwnRepository(_:)`` when `<folder>/.git` is not a folder
  ///   (missing, a symbolic link, a `gitdir:` file).
  init(_ folder: String) throws(ClubGitError) {
    guard ClubFolder.hasOwnGitFolder(folder) else { throw .notOwnRepository(folder) }
    self.folder = folder
  }

  /// Whether git is part-way through a rebase here (one an interrupted sync, or an older
  /// bookclub, left).
  var isRebasing: Bool {
    ["rebase-merge", "rebase-apply"].contains { access(gitFolder + "/" + $0, F_OK) == 0 }
  }
}
