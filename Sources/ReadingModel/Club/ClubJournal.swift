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
    try JournalFile(path: path).append(events.flatMap(\.jsonLine))
  }

  /// The journal opened to read (``JournalFile/openForReading()``).
  func openForReading() throws(InputFileError) -> InputFile {
    try JournalFile(path: path).openForReading()
  }
}
