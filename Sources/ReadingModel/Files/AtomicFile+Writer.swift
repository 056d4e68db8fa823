import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// Writes a large file in pieces to a temporary file beside it, and puts it in place only
  /// on ``commit()``: until then, and if anything fails, the old file is untouched.
  public final class Writer {
    public let path: String
    private let temporary: String
    private var descriptor: Int32

    /// Starts a new temporary file next to `path`.
    ///
    /// - Parameter permissions: The new file's mode; private files such as settings use
    ///   `0o600`.
    public init(path: String, permissions: mode_t = 0o644) throws(FileError) {
      self.path = path
      let folder = (path as NSString).deletingLastPathComponent
      try AtomicFile.createFolder(folder.isEmpty ? "." : folder)
      temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, permissions)
      guard descriptor >= 0 else { throw .cannotWrite(path, reason: AtomicFile.lastError()) }
    }

    deinit {
      abandon()
    }

    public func write(_ data: Data) throws(FileError) {
      var failure: String?
      data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let count = Foundation.write(
            descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if count < 0 {
            if errno == EINTR { continue }
            failure = AtomicFile.lastError()
            return
          }
          offset += count
        }
      }
      if let failure { throw .cannotWrite(path, reason: failure) }
    }

    /// Flushes the file to disk, renames it over `path`, and flushes the folder so the
    /// rename itself survives a crash.
    public func commit() throws(FileError) {
      guard descriptor >= 0 else { throw .cannotWrite(path, reason: "already finished") }
      let synced = fsync(descriptor) == 0
      close(descriptor)
      descriptor = -1
      guard synced, rename(temporary, path) == 0 else {
        let reason = AtomicFile.lastError()
        unlink(temporary)
        throw .cannotWrite(path, reason: reason)
      }
      let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY)
      if folder >= 0 {
        fsync(folder)
        close(folder)
      }
    }

    /// Deletes the temporary file; `path` stays as it was.
    public func abandon() {
      guard descriptor >= 0 else { return }
      close(descriptor)
      descriptor = -1
      unlink(temporary)
    }
  }
}
