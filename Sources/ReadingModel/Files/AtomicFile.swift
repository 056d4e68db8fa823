import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces small files so that a reader sees the old contents or the new, never a mix,
/// and a crash never leaves a half-written file: write a temporary file in the same folder,
/// flush it to disk, rename it over the old one, flush the folder.
public enum AtomicFile {
  /// Writes `data` to `path`, creating its folder when needed.
  ///
  /// - Throws: ``FileError`` when the folder or file cannot be written; the old file is
  ///   then unchanged.
  public static func write(_ data: Data, to path: String) throws(FileError) {
    let folder = (path as NSString).deletingLastPathComponent
    try createFolder(folder)
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { throw .cannotWrite(path, reason: lastError()) }
    var written = 0
    let ok = data.withUnsafeBytes { buffer -> Bool in
      while written < buffer.count {
        let count = Foundation.write(
          descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += count
      }
      return fsync(descriptor) == 0
    }
    let reason = ok ? "" : lastError()
    close(descriptor)
    guard ok, rename(temporary, path) == 0 else {
      let failure = ok ? lastError() : reason
      unlink(temporary)
      throw .cannotWrite(path, reason: failure)
    }
    let folderDescriptor = open(folder, O_RDONLY)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  static func createFolder(_ folder: String) throws(FileError) {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(folder, reason: "cannot create the folder")
    }
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Why a small file could not be written or locked.
public enum FileError: Error, Equatable, Sendable {
  /// The file or its folder cannot be written.
  case cannotWrite(String, reason: String)
  /// The lock file cannot be opened or locked.
  case cannotLock(String, reason: String)
}

extension FileError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .cannotWrite(let path, let reason): "Cannot write '\(path)': \(reason)."
    case .cannotLock(let path, let reason): "Cannot lock '\(path)': \(reason)."
    }
  }
}
