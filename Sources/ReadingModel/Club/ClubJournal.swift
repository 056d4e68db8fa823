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

/// One member's append-only journal: one event per line.
///
/// Appends are one `write` of whole lines under an exclusive lock, then `fsync`, so a
/// reader never sees two lines interleaved. Reading resumes where the last read ended once
/// it has checked the file still holds what was read there (``ReadPoint``), so a club is
/// read incrementally, and tolerates what sync tools, crashes and strangers leave: a cut
/// last line (skipped until it is whole), a line longer than ``lineLimit`` (skipped, the
/// lines after it read), a duplicated line (by sequence), lines out of order, a journal
/// rolled back or rewritten (read again from its start), and kinds from a newer bookclub
/// (kept as unknown).
public struct ClubJournal: Sendable, Equatable {
  public let path: String
  public let member: String

  /// Appends events, each on its own line, in one write.
  ///
  /// - Throws: ``FileError`` when the journal cannot be written; nothing was then appended,
  ///   or the write was cut and readers skip the cut line.
  public func append(_ events: [ClubEvent]) throws {
    try AtomicFile.createFolder(PathName.folder(of: path))
    let bytes = events.flatMap(\.jsonLine)
    // Never through a symlink (another member could commit one pointing at a file of
    // yours), never into a FIFO or a device.
    let descriptor = open(
      path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else {
      let reason = errno == ELOOP ? "it is a symbolic link" : AtomicFile.lastError()
      throw FileError.cannotWrite(path, reason: reason)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw FileError.cannotWrite(path, reason: "it is not a regular file")
    }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw FileError.cannotLock(path, reason: AtomicFile.lastError())
      }
    }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count, fsync(descriptor) == 0 else {
      throw FileError.cannotWrite(path, reason: AtomicFile.lastError())
    }
  }
}
