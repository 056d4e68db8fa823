#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An append-only journal file two folders down a shared folder (a club's
/// `members/<id>.jsonl`, a sync folder's `devices/<id>.jsonl`), which strangers or sync
/// tools may have put anything in: it is opened with no symbolic link followed at any
/// component, and a FIFO, a folder or a device there is an error, never a wait.
///
/// Appends are one `write` of whole lines under an exclusive lock, then `fsync`, so a
/// reader never sees two lines interleaved.
struct JournalFile {
  let path: String

  /// Appends whole lines in one write.
  ///
  /// - Parameter bytes: The lines, each ending in a newline.
  /// - Throws: ``FileError`` when the journal cannot be written; nothing was then appended,
  ///   or the write was cut and readers skip the cut line.
  func append(_ bytes: [UInt8]) throws {
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

  /// The journal opened to read.
  ///
  /// - Throws: ``InputFileError``; `.notFound` or `.empty` when there is nothing to read.
  func openForReading() throws(InputFileError) -> InputFile {
    let lines: DirectoryHandle
    do {
      lines = try folder(creating: false)
    } catch {
      throw .unreadable(path, reason: error.errorDescription ?? "\(error)")
    }
    return try lines.inputFile(PathName.lastComponent(of: path))
  }

  /// The folder the journal is in, opened below the shared folder with no symbolic link
  /// followed.
  private func folder(creating: Bool) throws(FileError) -> DirectoryHandle {
    let lines = PathName.folder(of: path)
    return try DirectoryHandle(path: PathName.folder(of: lines))
      .folder(PathName.lastComponent(of: lines), creating: creating)
  }
}

extension JournalFile {
  /// Reads the lines after `point`, handing each whole line to `each` as it is read, so a
  /// journal of any length is read in little memory.
  ///
  /// - Parameters:
  ///   - point: Where the last read ended; when the file no longer holds the bytes read
  ///     there, it is read from its start.
  ///   - label: How warnings name the journal (`members/….jsonl`).
  ///   - limit: The longest line read; longer lines are skipped.
  ///   - problemLimit: How many skipped lines are told one by one.
  ///   - readLimit: The most one read takes in.
  ///   - explain: Why the file cannot be read, in its owner's words.
  ///   - each: Decodes one line, in the file's order, or keeps it for `decodeBatch`.
  ///   - decodeBatch: Decodes the lines `each` kept (``JournalLineScan/run(_:each:decodeBatch:)``).
  /// - Returns: The next read point, the lines skipped, and whether the file was rewritten.
  func read(
    after point: ClubJournal.ReadPoint, label: String, lineLimit limit: Int, problemLimit: Int,
    readLimit: Int, explain: (InputFileError) -> String,
    each: ([UInt8]) -> JournalLineScan.LineOutcome,
    decodeBatch: JournalLineScan.BatchDecoder = { [] }
  ) -> ClubJournal.Reading {
    var reading = ClubJournal.Reading(end: point)
    let file: InputFile
    do {
      file = try openForReading()
    } catch .empty, .notFound {
      // Emptied or gone: what is appended next is read from the start.
      reading.wasRewritten = point.offset > 0
      reading.end = .start
      return reading
    } catch {
      reading.problems.append(explain(error))
      return reading
    }
    var scan = JournalLineScan(
      label: label, limit: limit, point: point, problemLimit: problemLimit,
      readLimit: readLimit)
    do {
      if try !file.stillHolds(point) {
        scan.point = .start
        reading.wasRewritten = true
      } else if file.size == point.offset {
        reading.end.fileStamp = file.settledStamp
        return reading  // nothing new: most journals, on most commands
      }
      try scan.run(file, each: each, decodeBatch: decodeBatch)
      reading.end = try file.checked(scan.point)
      // Read to the end the file had when opened, and no further (it grew meanwhile: the
      // next read looks again).
      reading.end.fileStamp = reading.end.offset == file.size ? file.settledStamp : 0
    } catch {
      scan.problems.append(explain(error))
      reading.end = scan.point
      reading.end.fileStamp = 0
    }
    reading.problems = scan.problems
    if scan.unreported > 0 {
      let lines = scan.unreported == 1 ? "1 more line" : "\(scan.unreported) more lines"
      reading.problems.append("\(label): \(lines) skipped, as above")
    }
    return reading
  }
}
