// Where a snapshot's cover of a journal ends, so a new device starts reading there instead
// of reading (and decoding) every line the snapshot already holds.
extension SyncFolder {
  /// The end of a device's journal as it is now, as a read point after its last line.
  ///
  /// - Parameters:
  ///   - device: Whose journal.
  ///   - sequence: The number of its last line, as the library knows it.
  /// - Returns: `nil` when the journal cannot be read, ends in a cut line, or its last line
  ///   is not `sequence` (a snapshot then covers it by sequence alone).
  public func endPoint(of device: SyncDeviceID, sequence: Int) -> ClubJournal.ReadPoint? {
    guard
      let file = try? JournalFile(path: path + "/" + journalName(of: device)).openForReading()
    else { return nil }
    var lines = 0
    var left = file.size
    var last: UInt8 = 0
    do {
      try file.seek(to: 0)
      while left > 0 {
        let chunk = try file.read(upTo: min(left, 1 << 20))
        guard !chunk.isEmpty else { return nil }
        lines += chunk.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        last = chunk[chunk.count - 1]
        left -= chunk.count
      }
      guard last == 0x0A, lines > 0 else { return nil }
      let point = try file.checked(
        ClubJournal.ReadPoint(
          offset: file.size, lineNumber: lines, checkLength: ClubJournal.ReadPoint.checkLimit,
          lastSequence: sequence))
      let verified = verified(point, of: device)
      return verified == point ? point : nil
    } catch {
      return nil
    }
  }

  /// `point` when the journal still holds what it says, and the line that ends there is the
  /// one numbered `point.lastSequence`; else the start of the journal with that number, so
  /// the lines it covers are skipped by sequence as they are read (nothing is missed when
  /// a snapshot's point is wrong or the file was replaced).
  public func verified(_ point: ClubJournal.ReadPoint, of device: SyncDeviceID)
    -> ClubJournal.ReadPoint
  {
    let fallback = ClubJournal.ReadPoint(lastSequence: point.lastSequence)
    guard point.offset > 0,
      let file = try? JournalFile(path: path + "/" + journalName(of: device)).openForReading(),
      (try? file.stillHolds(point)) == true
    else { return fallback }
    let window = min(point.offset, 1 << 16)
    guard (try? file.seek(to: point.offset - window)) != nil,
      let bytes = try? file.read(upTo: window), bytes.count == window, bytes.last == 0x0A
    else { return fallback }
    let body = bytes.dropLast()
    guard
      let start = body.lastIndex(of: 0x0A).map({ $0 + 1 }) ?? (window == point.offset ? 0 : nil),
      case .success(let line) = SyncLine.decode(Array(body[start...]), of: device),
      line.sequence == point.lastSequence
    else { return fallback }
    return point
  }
}
