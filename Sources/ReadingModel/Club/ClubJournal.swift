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
/// reader never sees two lines interleaved. Reading starts at a byte offset, so a club is
/// read incrementally, and tolerates what sync tools and crashes leave: a cut last line
/// (skipped until it is whole), a duplicated line (by sequence), lines out of order, and
/// kinds from a newer bookclub (kept as unknown).
public struct ClubJournal: Sendable, Equatable {
  public let path: String
  public let member: String

  /// What one read found.
  public struct Reading: Sendable {
    /// The events, as found (duplicates are the reader's to drop, by sequence).
    public var events: [ClubEvent]
    /// Where the next read starts: after the last whole line.
    public var endOffset: Int
    /// What was skipped, and why, for a warning.
    public var problems: [String]
  }

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

  /// Reads the lines after `offset`.
  ///
  /// - Parameter offset: Where the last read ended; 0 for the whole journal.
  /// - Returns: The events, the next offset, and the lines skipped.
  public func read(from offset: Int) -> Reading {
    var reading = Reading(events: [], endOffset: offset, problems: [])
    let name = PathName.lastComponent(of: path)
    let bytes: [UInt8]
    do {
      bytes = try readBytes(from: offset)
    } catch {
      reading.problems.append("\(name): \(error.explanation); skipped")
      return reading
    }
    var lineStart = 0
    var lineNumber = 0
    while lineStart < bytes.count {
      guard let end = bytes[lineStart...].firstIndex(of: 0x0A) else {
        reading.problems.append("\(name): the last line is cut short; it is read once whole")
        break
      }
      lineNumber += 1
      let line = bytes[lineStart..<end]
      lineStart = end + 1
      reading.endOffset = offset + lineStart
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
      guard let event = ClubEvent(jsonLine: line), event.member == member else {
        reading.problems.append("\(name): a line that is not an event of \(member) was skipped")
        continue
      }
      reading.events.append(event)
    }
    return reading
  }

  /// The most one read takes in; a longer journal is read on by the next command, from
  /// the offset this read ends at.
  static let readLimit = 64 << 20

  /// The bytes after `offset`, through ``InputFile``: a folder, FIFO or device there is an
  /// error, not a wait; a file that shrank below `offset` gives nothing.
  private func readBytes(from offset: Int) throws -> [UInt8] {
    let folder = try folder(creating: false)
    let file: InputFile
    do {
      file = try folder.inputFile(PathName.lastComponent(of: path))
    } catch .empty, .notFound {
      return []
    }
    guard file.size > offset else { return [] }
    try file.seek(to: offset)
    return try file.read(upTo: min(file.size - offset, Self.readLimit))
  }

  /// The folder the journal is in (`members/`), opened below the club folder with no
  /// symbolic link followed.
  private func folder(creating: Bool) throws(FileError) -> DirectoryHandle {
    let members = PathName.folder(of: path)
    return try DirectoryHandle(path: PathName.folder(of: members))
      .folder(PathName.lastComponent(of: members), creating: creating)
  }
}
