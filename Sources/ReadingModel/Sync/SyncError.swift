#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why sync could not start or go on.
public enum SyncError: Error, Equatable, Sendable {
  /// The folder has no `library.json`.
  case notASyncFolder(String)
  /// `library.json` is not a small file naming a library.
  case damaged(String)
  /// The folder was written by a newer bookclub.
  case newerFormat(String, version: Int)
  /// The folder holds another library.
  case otherLibrary(String)
  /// The folder for a new sync holds other files.
  case notEmpty(String)
  /// This library does not sync yet.
  case notSyncing
  /// This library already syncs with a folder.
  case alreadySyncing(String)
  /// No device of that id or name has a journal in the folder.
  case unknownDevice(String)
  /// The device named is this one.
  case cannotForgetSelf
  /// A file of the folder bookclub writes is a symbolic link, a folder or a device.
  case notAFile(String)
}

extension SyncError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notASyncFolder(let path):
      "'\(path)' is not a sync folder (no library.json). Run 'bookclub sync init \(path)' on the device whose library it should hold."
    case .damaged(let path):
      "'\(path)' is not a sync folder's library.json bookclub can read; nothing was changed. Restore it from the device that made the folder."
    case .newerFormat(let path, let version):
      "The sync folder '\(path)' is format \(version), newer than this bookclub reads (\(SyncFolder.formatVersion)). Update bookclub."
    case .otherLibrary(let path):
      "The sync folder '\(path)' holds another library; nothing was changed. Use 'bookclub sync join \(path)' to take that library here."
    case .notEmpty(let path):
      "'\(path)' holds other files; a new sync folder must be empty or new. Pick another folder."
    case .notSyncing:
      "This library does not sync yet. Run 'bookclub sync init <folder|git-url>' on one device, then 'bookclub sync join <folder|git-url>' on the others."
    case .alreadySyncing(let path):
      "This library already syncs with '\(path)'; nothing was changed."
    case .unknownDevice(let device):
      "No device '\(device)' syncs with this folder. 'bookclub sync devices' lists them."
    case .cannotForgetSelf:
      "That is this device; forget it from another one."
    case .notAFile(let path):
      "'\(path)' is not a plain file (a symbolic link, a folder or a device); nothing was written. Remove it, then try again."
    }
  }
}
