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

/// Reads the small files bookclub keeps (settings, selections), refusing what is not a
/// regular file: a FIFO there would block every command, a device would never end.
public enum SmallFile {
  /// The most a small file may hold.
  public static let limit = 1024 * 1024

  /// The file's bytes, or `nil` when there is nothing at `path`.
  ///
  /// - Parameter limit: The most bytes the file may hold (``limit`` unless said).
  /// - Throws: ``FileError/cannotRead(_:reason:)`` for a folder, FIFO, device, a file past
  ///   `limit`, or one that cannot be read.
  public static func read(_ path: String, limit: Int = limit) throws(FileError) -> Data? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(path, reason: AtomicFile.lastError())
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .cannotRead(path, reason: "it is not a regular file")
    }
    guard Int(info.st_size) <= limit else {
      throw .cannotRead(path, reason: "it is larger than \(limit / 1024) KiB")
    }
    let file: InputFile
    do {
      file = try InputFile(path: path)
    } catch .empty {
      return Data()
    } catch {
      throw .cannotRead(path, reason: error.errorDescription ?? "\(error)")
    }
    do {
      return Data(try file.read(upTo: limit + 1))
    } catch {
      throw .cannotRead(path, reason: error.errorDescription ?? "\(error)")
    }
  }
}
