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

/// What is at a library's path, looked at before SQLite is let near it: SQLite would open a
/// FIFO and block, write a journal beside a device, or turn an empty file into a database.
enum LibraryFile {
  /// Nothing at the path yet.
  case missing
  /// A regular file of `size` bytes, at its real path (symbolic links resolved, so every
  /// process names the library, and its journal, the same way).
  case regular(realPath: String, size: Int)

  /// Looks at `path`, following symbolic links.
  ///
  /// - Throws: ``LibraryError`` for a directory, a FIFO, a device or socket, a link that
  ///   loops or leads nowhere, or a path that cannot be looked at.
  static func inspect(_ path: String) throws(LibraryError) -> LibraryFile {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let error = errno
      var link = stat()
      if error == ENOENT, lstat(path, &link) == 0 {
        throw .unusablePath(
          path: path, reason: "it is a symbolic link to a file that does not exist")
      }
      switch error {
      case ENOENT: return .missing
      case ELOOP: throw .unusablePath(path: path, reason: "its symbolic links form a loop")
      case EACCES: throw .unusablePath(path: path, reason: "permission to look at it is denied")
      case ENOTDIR: throw .unusablePath(path: path, reason: "a part of it is not a folder")
      case ENAMETOOLONG: throw .unusablePath(path: path, reason: "it is too long")
      default: throw .unusablePath(path: path, reason: String(cString: strerror(error)))
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      let real = realpath(path, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      }
      return .regular(realPath: real ?? path, size: Int(info.st_size))
    case S_IFDIR: throw .unusablePath(path: path, reason: "it is a folder, not a library file")
    case S_IFIFO:
      throw .unusablePath(path: path, reason: "it is a FIFO (named pipe), not a library file")
    case S_IFCHR, S_IFBLK:
      throw .unusablePath(path: path, reason: "it is a device, not a library file")
    default: throw .unusablePath(path: path, reason: "it is not a regular file")
    }
  }

  /// Whether the library at `realPath` can be written: the file, and its folder (where
  /// SQLite keeps its journal beside it).
  static func isWritable(_ realPath: String) -> Bool {
    let folder = PathName.folder(of: realPath)
    return access(realPath, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
  }

  /// How a reader opens the library at `realPath`: read-only, or, in a folder that cannot be
  /// written and with no WAL index beside the file (SQLite cannot make one there), as an
  /// immutable file, which SQLite reads without one. A WAL with frames in it needs the
  /// index: the library is then opened read-only, as it is.
  static func readMode(_ realPath: String) -> SQLiteConnection.Mode {
    let folder = PathName.folder(of: realPath)
    guard access(folder.isEmpty ? "." : folder, W_OK) != 0, access(realPath + "-shm", F_OK) != 0
    else { return .readOnly }
    var wal = stat()
    let walHasFrames = stat(realPath + "-wal", &wal) == 0 && wal.st_size > 0
    return walHasFrames ? .readOnly : .immutable
  }

  /// The file beside a library that says it was found damaged: while it exists, nothing is
  /// written to the library.
  static func damageMarker(of path: String) -> String { path + ".damaged" }

  /// Records that the library at `path` was found damaged, and how.
  static func markDamaged(_ path: String, detail: String) {
    let text =
      "bookclub found this library damaged on \(InterchangeDate.format(milliseconds: Date().milliseconds)): \(detail)\nRun 'bookclub check', then 'bookclub repair'.\n"
    try? AtomicFile.write(Data(text.utf8), to: damageMarker(of: path))
  }

  static func isMarkedDamaged(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: damageMarker(of: path))
  }
}
