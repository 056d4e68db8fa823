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
    let bytes = events.flatMap(\.jsonLine)
    // Never through a symlink, at any component (another member could commit one pointing
    // at a file of yours), never into a FIFO or a device.
    let descriptor = try folder(creating: true).openFile(
      PathName.lastComponent(of: path), flags: O_WRONLY | O_APPEND | O_CREAT)
    defer { close(descriptor) }
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

  /// The journal opened to read, below the club folder with no symbolic link followed at
  /// any component: a folder, FIFO or device there is an error, not a wait.
  ///
  /// - Throws: ``InputFileError``; `.notFound` or `.empty` when there is nothing to read.
  func openForReading() throws(InputFileError) -> InputFile {
    let members: DirectoryHandle
    do {
      members = try folder(creating: false)
    } catch {
      throw .unreadable(path, reason: error.errorDescription ?? "\(error)")
    }
    return try members.inputFile(PathName.lastComponent(of: path))
  }

  /// The folder the journal is in (`members/`), opened below the club folder with no
  /// symbolic link followed.
  private func folder(creating: Bool) throws(FileError) -> DirectoryHandle {
    let members = PathName.folder(of: path)
    return try DirectoryHandle(path: PathName.folder(of: members))
      .folder(PathName.lastComponent(of: members), creating: creating)
  }
}
