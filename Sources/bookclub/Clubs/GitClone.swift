import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A club's or a sync folder's git repository, cloned into bookclub's data folder
/// (`$XDG_DATA_HOME/bookclub/clubs/<name>`, `…/sync/<name>`): the URL names only what is
/// cloned, never where it goes.
enum GitClone {
  /// Whether `location` names a repository to clone rather than a folder here: a URL
  /// (`https://…`, `git@host:club.git`) or a bare repository on this disk.
  ///
  /// - Parameters:
  ///   - location: What the reader gave.
  ///   - marker: The file a folder of the kind holds (`club.json`, `library.json`).
  static func isRepository(_ location: String, holding marker: String, context: CommandContext)
    -> Bool
  {
    if location.contains("://") || (location.contains("@") && location.contains(":")) {
      return true
    }
    let path = UserFolder.absolute(location, environment: context.environment)
    let manager = FileManager.default
    return !manager.fileExists(atPath: path + "/" + marker)
      && manager.fileExists(atPath: path + "/HEAD")
      && manager.fileExists(atPath: path + "/objects")
  }

  /// Clones `url` into a new folder under bookclub's data folder.
  ///
  /// - Parameters:
  ///   - url: The repository.
  ///   - folder: The data folder's subfolder (`clubs`, `sync`).
  ///   - fallback: The clone's name when the URL gives none.
  /// - Returns: The clone's path.
  /// - Throws: ``ClubGitError`` when the URL looks like an option or git fails.
  static func clone(
    _ url: String, under folder: String, fallback: String, context: CommandContext
  ) throws -> String {
    guard !url.hasPrefix("-") else { throw ClubGitError.optionLikeURL(url) }
    let parent = UserFolder.data.path(environment: context.environment) + "/" + folder
    let name = folderName(for: url, fallback: fallback)
    var clone = parent + "/" + name
    var suffix = 2
    while FileManager.default.fileExists(atPath: clone) {
      clone = parent + "/\(name)-\(suffix)"
      suffix += 1
    }
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    try ClubGit(environment: context.environment).clone(url, into: clone)
    return clone
  }

  /// The name of a clone's folder: the URL's last part without `.git`, in letters, digits,
  /// `.`, `_` and `-` only (never `..` or a hidden folder); `fallback` when nothing is left.
  static func folderName(for url: String, fallback: String = "club") -> String {
    var last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? ""
    if last.hasSuffix(".git") { last.removeLast(4) }
    let kept = last.unicodeScalars.filter {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "._-".unicodeScalars.contains($0)
    }
    let name = String(String.UnicodeScalarView(kept)).drop { $0 == "." || $0 == "-" }
    return name.isEmpty ? fallback : String(name)
  }
}
