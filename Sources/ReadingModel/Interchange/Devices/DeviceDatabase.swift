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

/// A device's SQLite database, read without ever writing it: opened immutable (no lock
/// taken, nothing written beside it), or, when it has a write-ahead log beside it whose
/// pages an immutable open would miss, copied with its log into a private folder and read
/// there.
enum DeviceDatabase {
  /// Runs `body` on a read-only connection to the database at `path`.
  ///
  /// - Throws: ``DeviceFileError`` for a file that is not a database or is damaged; what
  ///   `body` throws.
  static func read<Result>(_ path: String, _ body: (SQLiteConnection) throws -> Result) throws
    -> Result
  {
    let file = try InputFile(path: path)
    guard file.size >= 100,
      try file.read(upTo: 16) == Array("SQLite format 3\0".utf8)
    else {
      throw DeviceFileError.damaged(path, reason: "it is not an SQLite database")
    }
    var info = stat()
    let log = path + "-wal"
    if stat(log, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 {
      let folder = try privateFolder(path)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let copy = folder + "/copy.sqlite"
      try FileManager.default.copyItem(atPath: path, toPath: copy)
      try FileManager.default.copyItem(atPath: log, toPath: copy + "-wal")
      return try query(path) { try body(try SQLiteConnection(path: copy, mode: .readOnly)) }
    }
    return try query(path) { try body(try SQLiteConnection(path: path, mode: .immutable)) }
  }

  /// A new folder only this user can read, under the temporary folder.
  private static func privateFolder(_ path: String) throws -> String {
    var template = Array(
      (FileManager.default.temporaryDirectory.path + "/bookclub-device-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw DeviceFileError.damaged(
        path, reason: "no private copy could be made of it and its log to read")
    }
    return String(cString: made)
  }

  /// Runs a read, a damaged or foreign file's SQLite error told as the file's.
  private static func query<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw DeviceFileError.damaged(path, reason: error.message)
    }
  }
}
