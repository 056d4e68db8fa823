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

/// An exclusive advisory lock on a file next to the one it guards, held while a
/// read-modify-write runs, so two processes never both read, both change, and one lose its
/// change. The lock is released when the work ends or the process dies.
public enum FileLock {
  /// Runs `body` while holding the lock at `path` (created when missing).
  ///
  /// - Throws: ``FileError/cannotLock(_:reason:)``, or what `body` throws.
  public static func withLock<T>(at path: String, _ body: () throws -> T) throws -> T {
    let descriptor = try lock(path)
    defer { unlock(descriptor) }
    return try body()
  }

  /// Runs asynchronous `body` while holding the lock at `path` (created when missing).
  ///
  /// - Throws: ``FileError/cannotLock(_:reason:)``, or what `body` throws.
  public static func withLock<T>(
    at path: String, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> T
  ) async throws -> T {
    let descriptor = try lock(path)
    defer { unlock(descriptor) }
    return try await body()
  }

  private static func lock(_ path: String) throws -> Int32 {
    try AtomicFile.createFolder(PathName.folder(of: path))
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileError.cannotLock(path, reason: AtomicFile.lastError()) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let reason = AtomicFile.lastError()
        close(descriptor)
        throw FileError.cannotLock(path, reason: reason)
      }
    }
    return descriptor
  }

  private static func unlock(_ descriptor: Int32) {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
