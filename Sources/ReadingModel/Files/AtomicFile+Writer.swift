#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

extension AtomicFile {
  /// Writes a file in pieces and puts it in place only on ``commit()``: until then, and if
  /// anything fails, the old file is untouched.
  ///
  /// What is at the path decides how: a regular file (or nothing) is replaced by renaming a
  /// temporary file written beside it; a symbolic link keeps pointing where it points, and
  /// its target is replaced the same way (dotfile managers link such files); a FIFO or a
  /// character device (`/dev/stdout`, a pipe someone reads) is written through, as it is; a
  /// folder or anything else is refused. Temporary files of the same target left by a
  /// process that was killed are removed (see ``TemporaryFiles``).
  public final class Writer {
    public let path: String
    /// The temporary file renamed over the target on commit; `nil` when writing through.
    private let temporary: String?
    /// The file that is replaced: `path` with its symbolic links resolved.
    private let target: String
    private var descriptor: Int32

    /// Opens the temporary file (or the stream) for `path`.
    ///
    /// - Parameter permissions: A new file's mode; private files such as settings use
    ///   `0o600`. A replaced file keeps its own mode.
    public init(path: String, permissions: mode_t = 0o644) throws(FileError) {
      self.path = path
      let target = try Self.resolveLinks(path)
      self.target = target
      var info = stat()
      let exists = stat(target, &info) == 0
      switch exists ? info.st_mode & S_IFMT : S_IFREG {
      case S_IFREG:
        let folder = PathName.folder(of: target)
        try AtomicFile.createFolder(folder.isEmpty ? "." : folder)
        let temporary = TemporaryFiles.name(for: target)
        let mode = exists ? info.st_mode & 0o7777 : permissions
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .cannotWrite(path, reason: AtomicFile.lastError()) }
        self.temporary = temporary
        // What a killed write of this file left behind goes now.
        TemporaryFiles.removeStale(of: target)
      case S_IFIFO, S_IFCHR:
        descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path, reason: AtomicFile.lastError()) }
        temporary = nil
      case S_IFDIR:
        throw .cannotWrite(path, reason: "it is a folder; give a file's path")
      default:
        throw .cannotWrite(path, reason: "it is not a regular file, a FIFO or a character device")
      }
    }

    deinit {
      abandon()
    }

    public func write(_ data: Data) throws(FileError) {
      var failure: String?
      data.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
          let count = systemWrite(descriptor, base + offset, buffer.count - offset)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else {
            failure = count < 0 ? AtomicFile.lastError() : "nothing could be written"
            return
          }
          offset += count
        }
      }
      if let failure { throw .cannotWrite(path, reason: failure) }
    }

    /// Flushes the file to disk, renames it over the target, and flushes the folder so the
    /// rename itself survives a crash. A stream is simply closed.
    public func commit() throws(FileError) {
      guard descriptor >= 0 else { throw .cannotWrite(path, reason: "already finished") }
      guard let temporary else {
        close(descriptor)
        descriptor = -1
        return
      }
      let synced = fsync(descriptor) == 0
      let reason = synced ? nil : AtomicFile.lastError()
      close(descriptor)
      descriptor = -1
      guard synced, rename(temporary, target) == 0 else {
        let reason = reason ?? AtomicFile.lastError()
        unlink(temporary)
        throw .cannotWrite(path, reason: reason)
      }
      let folder = open(PathName.folder(of: target), O_RDONLY)
      if folder >= 0 {
        fsync(folder)
        close(folder)
      }
    }

    /// Deletes the temporary file; the target stays as it was.
    public func abandon() {
      guard descriptor >= 0 else { return }
      close(descriptor)
      descriptor = -1
      if let temporary { unlink(temporary) }
    }

    /// `path` with every symbolic link along it followed, also when the last one leads to
    /// a file that does not exist yet (it is created there).
    ///
    /// - Throws: ``FileError/cannotWrite(_:reason:)`` when the links loop.
    static func resolveLinks(_ path: String) throws(FileError) -> String {
      var current = path
      for _ in 0..<40 {
        var info = stat()
        guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count >= 0 else { throw .cannotWrite(path, reason: AtomicFile.lastError()) }
        let destination = String(
          decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current =
          destination.hasPrefix("/")
          ? destination
          : PathName.folder(of: current) + "/" + destination
      }
      throw .cannotWrite(path, reason: "its symbolic links form a loop")
    }
  }
}
