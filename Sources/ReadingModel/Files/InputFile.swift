#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  import Darwin
  private let systemRead = Darwin.read
#endif

/// A file bookclub reads from start to end (an export to import), checked before it is
/// read: a folder, a FIFO, a device, an empty or unreadable file each get a clear error
/// instead of a hang or a crash.
public final class InputFile {
  public let path: String
  /// The size when it was opened.
  public let size: Int
  /// Its ``FileStamp`` when it was opened, if it had been still for a moment by then;
  /// otherwise 0.
  let settledStamp: Int64
  private let descriptor: Int32

  /// Opens a regular, non-empty file for reading.
  ///
  /// - Throws: ``InputFileError``.
  public init(path: String) throws(InputFileError) {
    guard !path.isEmpty else { throw .noPath }
    var info = stat()
    guard stat(path, &info) == 0 else { throw InputFileError(path: path, errno: errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .notAFile(path, kind: "a folder")
    case S_IFIFO: throw .notAFile(path, kind: "a FIFO (named pipe)")
    case S_IFCHR, S_IFBLK: throw .notAFile(path, kind: "a device")
    default: throw .notAFile(path, kind: "not a regular file")
    }
    guard info.st_size > 0 else { throw .empty(path) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputFileError(path: path, errno: errno) }
    self.path = path
    self.size = Int(info.st_size)
    self.settledStamp = FileStamp.settledStamp(of: info)
    self.descriptor = descriptor
  }

  /// Takes over `descriptor`, already open for reading (by ``DirectoryHandle``), checked
  /// as ``init(path:)`` checks a path; it is closed on error.
  ///
  /// - Throws: ``InputFileError``.
  init(adopting descriptor: Int32, path: String) throws(InputFileError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let error = InputFileError(path: path, errno: errno)
      close(descriptor)
      throw error
    }
    guard info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else {
      close(descriptor)
      if info.st_mode & S_IFMT != S_IFREG {
        throw .notAFile(path, kind: DirectoryHandle.kind(info.st_mode))
      }
      throw .empty(path)
    }
    self.path = path
    self.size = Int(info.st_size)
    self.settledStamp = FileStamp.settledStamp(of: info)
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Moves to `offset` bytes from the start, where the next ``read(upTo:)`` begins.
  ///
  /// - Throws: ``InputFileError/unreadable(_:reason:)``.
  public func seek(to offset: Int) throws(InputFileError) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
      throw .unreadable(path, reason: String(cString: strerror(errno)))
    }
  }

  /// Up to `count` bytes; empty at the end of the file.
  ///
  /// - Throws: ``InputFileError/unreadable(_:reason:)``.
  public func read(upTo count: Int) throws(InputFileError) -> [UInt8] {
    var failure: Int32 = 0
    // Not filled first: a read of a few bytes into room for a megabyte costs the few bytes.
    let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 0)) { buffer, initialized in
      initialized = 0
      while true {
        let read = systemRead(descriptor, buffer.baseAddress, buffer.count)
        if read >= 0 {
          initialized = read
          return
        }
        guard errno == EINTR else {
          failure = errno
          return
        }
      }
    }
    guard failure == 0 else {
      throw .unreadable(path, reason: String(cString: strerror(failure)))
    }
    return bytes
  }
}

/// Why a file cannot be read.
public enum InputFileError: Error, Equatable, Sendable {
  /// No path was given (an empty argument).
  case noPath
  /// Nothing is at the path.
  case notFound(String)
  /// The path is a folder, a FIFO, a device...
  case notAFile(String, kind: String)
  /// The file is empty.
  case empty(String)
  /// The file cannot be read, and why.
  case unreadable(String, reason: String)

  init(path: String, errno error: Int32) {
    switch error {
    case ENOENT: self = .notFound(path)
    case EACCES: self = .unreadable(path, reason: "permission denied")
    case ELOOP: self = .unreadable(path, reason: "its symbolic links form a loop")
    case ENOTDIR: self = .unreadable(path, reason: "a part of the path is not a folder")
    default: self = .unreadable(path, reason: String(cString: strerror(error)))
    }
  }
}

extension InputFileError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .noPath: "No file was given: the path is empty."
    case .notFound(let path): "There is no file '\(path)'. Check the path."
    case .notAFile(let path, let kind):
      "'\(path)' is \(kind), not a file. Give the path of an export file."
    case .empty(let path): "'\(path)' is empty: there is nothing to import."
    case .unreadable(let path, let reason): "Cannot read '\(path)': \(reason)."
    }
  }
}
