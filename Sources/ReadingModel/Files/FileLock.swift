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

  /// A lock taken with ``attempt(at:)``, held until released or dropped.
  public final class Held {
    private var descriptor: Int32?

    fileprivate init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// Lets the lock go (once; again does nothing).
    public func release() {
      guard let descriptor else { return }
      self.descriptor = nil
      FileLock.unlock(descriptor)
    }

    deinit { release() }
  }

  /// Takes the lock at `path` (created when missing) if no one holds it, without waiting.
  ///
  /// - Returns: The lock, or `nil` when another process (or this one) holds it.
  /// - Throws: ``FileError/cannotLock(_:reason:)``.
  public static func attempt(at path: String) throws -> Held? {
    try AtomicFile.createFolder(PathName.folder(of: path))
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileError.cannotLock(path, reason: AtomicFile.lastError()) }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EINTR else {
        let busy = errno == EWOULDBLOCK
        let reason = AtomicFile.lastError()
        close(descriptor)
        if busy { return nil }
        throw FileError.cannotLock(path, reason: reason)
      }
    }
    return Held(descriptor)
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

  fileprivate static func unlock(_ descriptor: Int32) {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
