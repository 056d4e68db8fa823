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

/// How writers and `repair` take turns: an advisory lock (`flock`) on `<library>.lock`
/// beside the library.
///
/// Writers serialise among themselves with SQLite's write lock (`BEGIN IMMEDIATE`); each
/// also holds this lock shared from just after `BEGIN IMMEDIATE` until just after `COMMIT`,
/// so at most the one writer inside a transaction holds it and writers waiting for each
/// other never do. A repair holds it exclusively for its whole run: once it has it, no
/// write is under way, and a writer that reaches its transaction meanwhile rolls back at
/// once (having written nothing), waits for the repair to end, and then writes into the
/// repaired library. The lock is released when its holder ends, however it ends.
final class LibraryLock: Sendable {
  enum Kind {
    case shared
    case exclusive

    fileprivate var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
  }

  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// The lock file of the library at `realPath`.
  static func path(of realPath: String) -> String { realPath + ".lock" }

  /// Takes the lock if nobody holds it the other way now.
  ///
  /// - Parameters:
  ///   - lockPath: The lock file (created when missing).
  ///   - library: The library's path, for errors.
  /// - Returns: The lock, held until it is released; `nil` when it is held the other way.
  /// - Throws: ``LibraryError/readOnly(path:)`` when the lock file cannot be made.
  static func attempt(_ kind: Kind, at lockPath: String, library: String) throws(LibraryError)
    -> LibraryLock?
  {
    // A lock needs no write permission: read-only, so anyone who may write the library can
    // lock it whoever made the lock file.
    // Never waits on a FIFO put there, and never follows a symbolic link.
    let descriptor = open(
      lockPath, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else {
      let error = errno
      if error == EACCES || error == EROFS || error == EPERM { throw .readOnly(path: library) }
      throw .cannotOpen(
        path: library,
        detail: "cannot open its lock '\(lockPath)' (\(String(cString: strerror(error))))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .cannotOpen(
        path: library, detail: "its lock '\(lockPath)' is not a regular file; remove it")
    }
    while flock(descriptor, kind.operation | LOCK_NB) != 0 {
      let error = errno
      if error == EINTR { continue }
      close(descriptor)
      // Held the other way: worth waiting for. Anything else (a file system without
      // locks) will not go away by waiting.
      guard error == EWOULDBLOCK else {
        throw .cannotOpen(
          path: library,
          detail: "cannot lock '\(lockPath)' (\(String(cString: strerror(error))))")
      }
      return nil
    }
    return LibraryLock(descriptor: descriptor)
  }

  /// Waits for the lock, in steps of `step` microseconds, as long as SQLite waits for its
  /// own lock (10 s); the wait ends at once when the task waiting is cancelled.
  ///
  /// The wait blocks the calling thread: a library calls it on its own queue
  /// (``SQLiteExecutor``), never on a thread of Swift's cooperative pool.
  ///
  /// - Returns: The lock, held until it is released.
  /// - Throws: `timeout` when the lock stayed taken, `CancellationError`, or what
  ///   ``attempt(_:at:library:)`` throws.
  static func wait(
    _ kind: Kind, at lockPath: String, library: String, step: UInt32 = 10_000,
    timeout: LibraryError
  ) throws -> LibraryLock {
    let attempts = Int(SQLiteConnection.busyAttempts) * 10_000 / Int(step)
    for _ in 0..<attempts {
      if let lock = try attempt(kind, at: lockPath, library: library) { return lock }
      if Task.isCancelled { throw CancellationError() }
      usleep(step)
    }
    throw timeout
  }
}
