import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether a library's file lies inside a folder a sync tool carries: the way KOReader's
/// users lose their statistics. A SQLite file being written (with its `-wal` beside it) is
/// not something a file-sync tool can copy; `bookclub sync` is.
enum CloudFolderWarning {
  /// The folders' names that file-sync tools make, with the tool's name.
  static let knownFolders: [(component: String, tool: String)] = [
    ("Dropbox", "Dropbox"), ("OneDrive", "OneDrive"), ("iCloud Drive", "iCloud"),
    ("Mobile Documents", "iCloud"), ("Google Drive", "Google Drive"), ("pCloudDrive", "pCloud"),
    ("Nextcloud", "Nextcloud"), ("ownCloud", "ownCloud"),
  ]

  /// The warning for a library at `path`, or `nil` when no sync tool carries it.
  ///
  /// - Parameter path: The library file's absolute path.
  static func warning(forLibraryAt path: String) -> String? {
    guard let tool = tool(carrying: path) else { return nil }
    return "Your library '\(path)' is inside a folder \(tool) syncs: a sync tool can corrupt a "
      + "database it copies while it is written. Move it out (bookclub --library or "
      + "BOOKCLUB_LIBRARY), and sync your devices with 'bookclub sync init <folder>' instead."
  }

  /// The sync tool whose folder holds `path`, if any: a `.stfolder` marker in a folder
  /// above it (Syncthing), or a folder name a tool makes.
  static func tool(carrying path: String) -> String? {
    var folder = path
    while folder.count > 1 {
      folder = PathName.folder(of: folder)
      if FileManager.default.fileExists(atPath: folder + "/.stfolder") { return "Syncthing" }
    }
    let components = path.split(separator: "/").map(String.init)
    return knownFolders.first { known in components.contains(known.component) }?.tool
  }
}
