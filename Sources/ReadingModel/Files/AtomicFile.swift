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

/// Replaces small files so that a reader sees the old contents or the new, never a mix,
/// and a crash never leaves a half-written file: write a temporary file in the same folder,
/// flush it to disk, rename it over the old one, flush the folder.
public enum AtomicFile {
  /// Writes `data` to `path`, creating its folder when needed.
  ///
  /// - Throws: ``FileError`` when the folder or file cannot be written; the old file is
  ///   then unchanged.
  public static func write(_ data: Data, to path: String) throws(FileError) {
    let writer = try Writer(path: path, permissions: 0o600)
    try writer.write(data)
    try writer.commit()
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
  /// The file cannot be read.
  case cannotRead(String, reason: String)
}

extension FileError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .cannotWrite(let path, let reason): "Cannot write '\(path)': \(reason)."
    case .cannotLock(let path, let reason): "Cannot lock '\(path)': \(reason)."
    case .cannotRead(let path, let reason): "Cannot read '\(path)': \(reason)."
    }
  }
}
