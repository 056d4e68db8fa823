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
    let descriptor = try waitForLock(path)
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
    let descriptor = try waitForLock(path)
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
    try lock(path, waiting: false).map(Held.init)
  }

  /// Takes the lock at `path`, waiting as long as another holds it.
  private static func waitForLock(_ path: String) throws -> Int32 {
    // Waiting, it is never busy: a nil would be a lock that was never taken.
    guard let descriptor = try lock(path, waiting: true) else {
      throw FileError.cannotLock(path, reason: "it is held")
    }
    return descriptor
  }

  /// Opens the lock file at `path` and takes its lock, waiting for it or not.
  ///
  /// - Returns: The descriptor holding it; `nil` when another holds it and `waiting` is false.
  private static func lock(_ path: String, waiting: Bool) throws -> Int32? {
    try AtomicFile.createFolder(PathName.folder(of: path))
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileError.cannotLock(path, reason: AtomicFile.lastError()) }
    while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
      guard errno == EINTR else {
        let busy = errno == EWOULDBLOCK
        let reason = AtomicFile.lastError()
        close(descriptor)
        if busy, !waiting { return nil }
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
