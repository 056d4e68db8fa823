#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ClubJournal {
  /// The longest line a journal may have, newline not counted. bookclub's own lines are a
  /// few hundred bytes (a long shared note a few thousand); a longer line is skipped with a
  /// warning and the lines after it are read.
  public static let lineLimit = 1 << 20

  /// The most one read takes in from one journal; a longer journal is read on by the next
  /// command, from where this read ended. A million events are about 200 MiB.
  static let readLimit = 1 << 30

  /// How many of a read's skipped lines are told one by one; the rest are counted.
  static let problemLimit = 3

  /// What one read found.
  public struct Reading: Sendable {
    /// Where the next read starts.
    public var end: ReadPoint
    /// What was skipped, and why, for warnings.
    public var problems: [String] = []
    /// Whether the journal no longer held what was read before (rolled back, rewritten or
    /// emptied), so it was read from its start again.
    public var wasRewritten = false
  }

  /// Reads the lines after `point`, handing each event to `each` as it is read, so a
  /// journal of any length is read in little memory.
  ///
  /// - Parameters:
  ///   - point: Where the last read ended; ``ReadPoint/start`` for the whole journal. When
  ///     the file no longer holds the bytes read there, it is read from its start.
  ///   - limit: The longest line read; longer lines are skipped.
  ///   - each: Called with every event of this journal's member, in the file's order
  ///     (duplicates included: the reader drops them by sequence).
  /// - Returns: The next read point, the lines skipped, and whether the file was rewritten.
  public func read(
    after point: ReadPoint, lineLimit limit: Int = lineLimit, each: (ClubEvent) -> Void
  ) -> Reading {
    var reading = Reading(end: point)
    let file: InputFile
    do {
      file = try openForReading()
    } catch .empty, .notFound {
      // Emptied or gone: what is appended next is read from the start.
      reading.wasRewritten = point.offset > 0
      reading.end = .start
      return reading
    } catch {
      reading.problems.append(Self.explanation(of: error, label: label))
      return reading
    }
    var scan = LineScan(label: label, member: member, limit: limit, point: point)
    do {
      if try !file.stillHolds(point) {
        scan.point = .start
        reading.wasRewritten = true
      } else if file.size == point.offset {
        return reading  // nothing new: most journals, on most commands
      }
      try scan.run(file, each: each)
      reading.end = try file.checked(scan.point)
    } catch {
      scan.problems.append(Self.explanation(of: error, label: label))
      reading.end = scan.point
    }
    reading.problems = scan.problems
    if scan.unreported > 0 {
      let lines = scan.unreported == 1 ? "1 more line" : "\(scan.unreported) more lines"
      reading.problems.append("\(label): \(lines) skipped, as above")
    }
    return reading
  }

  /// Every event after `point`, gathered: for a journal known to be short (and tests).
  public func events(after point: ReadPoint = .start, lineLimit limit: Int = lineLimit)
    -> (events: [ClubEvent], reading: Reading)
  {
    var events: [ClubEvent] = []
    let reading = read(after: point, lineLimit: limit) { events.append($0) }
    return (events, reading)
  }

  /// How warnings name the journal: by its place in the club folder.
  var label: String { "members/" + PathName.lastComponent(of: path) }

  /// A read's problems with the member's name before the journal's (`Eve's journal
  /// (members/….jsonl): line 3 …`), once the name is known.
  public func naming(_ problems: [String], memberName: String?) -> [String] {
    guard let memberName, !memberName.isEmpty else { return problems }
    return problems.map { problem in
      guard problem.hasPrefix(label) else { return problem }
      return "\(memberName)'s journal (\(label))" + problem.dropFirst(label.count)
    }
  }

  /// Why a journal cannot be read, in a club's words (an import's "give the path of an
  /// export file" means nothing here).
  static func explanation(of error: InputFileError, label: String) -> String {
    switch error {
    case .notAFile(_, let kind):
      "\(label) is \(kind), not a journal file; it was skipped (remove it from the club folder)"
    case .unreadable(_, let reason): "\(label) cannot be read (\(reason)); it was skipped"
    case .noPath, .notFound, .empty: "\(label) is gone; it was skipped"
    }
  }
}

extension InputFile {
  /// Whether the bytes before `point` are still those read there: the file is as long,
  /// and the end of the last line read hashes as it did.
  fileprivate func stillHolds(_ point: ClubJournal.ReadPoint) throws(InputFileError) -> Bool {
    guard point.offset > 0 else { return true }
    // A point without a check (an older bookclub's offset) cannot be trusted.
    guard size >= point.offset, (1...point.offset).contains(point.checkLength) else {
      return false
    }
    try seek(to: point.offset - point.checkLength)
    let bytes = try read(upTo: point.checkLength)
    return bytes.count == point.checkLength
      && ClubJournal.ReadPoint.hash(bytes) == point.checkHash
  }

  /// `point` with the check of the bytes before it.
  fileprivate func checked(_ point: ClubJournal.ReadPoint) throws(InputFileError)
    -> ClubJournal.ReadPoint
  {
    var point = point
    point.checkLength = min(point.checkLength, point.offset)
    guard point.checkLength > 0 else { return point }
    try seek(to: point.offset - point.checkLength)
    point.checkHash = ClubJournal.ReadPoint.hash(try read(upTo: point.checkLength))
    return point
  }
}

/// One pass over a journal's lines, a chunk at a time: whole lines are decoded, a line
/// past the limit is dropped as it is read (never held whole), a cut last line is left
/// for the next read.
private struct LineScan {
  let label: String
  let member: String
  let limit: Int
  /// After the last whole line, and its check's length (``ClubJournal/ReadPoint``).
  var point: ClubJournal.ReadPoint
  var problems: [String] = []
  /// Problems past ``ClubJournal/problemLimit``, counted.
  var unreported = 0
  /// The start of a line not yet whole; emptied once the line is past the limit.
  private var pending: [UInt8] = []
  /// How long the line being read is so far, its dropped bytes included.
  private var lineLength = 0

  init(label: String, member: String, limit: Int, point: ClubJournal.ReadPoint) {
    self.label = label
    self.member = member
    self.limit = limit
    self.point = point
  }

  mutating func run(_ file: InputFile, each: (ClubEvent) -> Void) throws(InputFileError) {
    try file.seek(to: point.offset)
    let first = point.offset
    var chunkStart = first
    var atEnd = false
    let chunkSize = max(limit, 1 << 16)
    while !atEnd, chunkStart - first < ClubJournal.readLimit {
      let chunk = try file.read(upTo: chunkSize)
      atEnd = chunk.isEmpty
      if atEnd { break }
      var lineStart = 0
      while lineStart < chunk.count {
        guard let newline = Self.newline(in: chunk, from: lineStart) else {
          take(chunk[lineStart...])
          break
        }
        take(chunk[lineStart..<newline])
        endLine(at: chunkStart + newline + 1, each: each)
        lineStart = newline + 1
      }
      chunkStart += chunk.count
    }
    if atEnd, lineLength > 0 {
      let size = lineLength > limit ? ", and already longer than \(Self.size(limit))" : ""
      report(
        "its last line (line \(point.lineNumber + 1)) is cut short\(size); it is read once whole")
    }
  }

  /// Adds bytes to the line being read, or drops them once it is past the limit.
  private mutating func take(_ bytes: ArraySlice<UInt8>) {
    lineLength += bytes.count
    if lineLength > limit {
      pending = []
    } else {
      pending += bytes
    }
  }

  /// The line being read ended just before `end`: decodes it, or says why it is skipped.
  private mutating func endLine(at end: Int, each: (ClubEvent) -> Void) {
    point.lineNumber += 1
    point.offset = end
    point.checkLength = min(lineLength + 1, ClubJournal.ReadPoint.checkLimit)
    defer {
      pending.removeAll(keepingCapacity: true)
      lineLength = 0
    }
    guard lineLength <= limit else {
      return report(
        "line \(point.lineNumber) is longer than \(Self.size(limit)), the most a journal line "
          + "may be; it was skipped, and the lines after it are read")
    }
    if pending.first.map({ $0 == 0x20 || $0 == 0x0D }) ?? true,
      pending.allSatisfy({ $0 == 0x20 || $0 == 0x0D })
    {
      return
    }
    guard let event = ClubEvent(jsonLine: pending), event.member == member else {
      return report("line \(point.lineNumber) is not an event of \(member); it was skipped")
    }
    point.lastSequence = max(point.lastSequence, event.sequence)
    each(event)
  }

  private mutating func report(_ problem: String) {
    guard problems.count < ClubJournal.problemLimit else {
      unreported += 1
      return
    }
    problems.append("\(label): \(problem)")
  }

  private static func newline(in chunk: [UInt8], from start: Int) -> Int? {
    chunk.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress,
        let found = memchr(base + start, 0x0A, buffer.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  private static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
