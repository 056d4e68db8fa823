#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension InputFile {
  /// Whether the bytes before `point` are still those read there: the file is as long,
  /// and the end of the last line read hashes as it did.
  func stillHolds(_ point: ClubJournal.ReadPoint) throws(InputFileError) -> Bool {
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
  func checked(_ point: ClubJournal.ReadPoint) throws(InputFileError)
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

/// One pass over an append-only journal's lines (a club member's, a device's), a chunk at
/// a time: whole lines are handed to the reader to decode, a line past the limit is dropped
/// as it is read (never held whole), a cut last line is left for the next read.
struct JournalLineScan {
  /// What the reader made of one whole line.
  enum LineOutcome {
    /// Read, with the line's sequence number.
    case read(sequence: Int)
    /// Skipped, and why (`is not an event of …`), for a warning naming the line.
    case skipped(String)
    /// Kept to be decoded with others: its outcome comes from the batch's decoder.
    case batched
  }

  /// Decodes the lines ``LineOutcome/batched`` kept, and gives their outcomes in order.
  typealias BatchDecoder = () -> [LineOutcome]

  let label: String
  let limit: Int
  let problemLimit: Int
  let readLimit: Int
  /// After the last whole line, and its check's length (``ClubJournal/ReadPoint``).
  var point: ClubJournal.ReadPoint
  var problems: [String] = []
  /// Problems past ``ClubJournal/problemLimit``, counted.
  var unreported = 0
  /// The start of a line not yet whole; emptied once the line is past the limit.
  private var pending: [UInt8] = []
  /// How long the line being read is so far, its dropped bytes included.
  private var lineLength = 0
  /// The numbers of the lines waiting for the batch decoder, in order.
  private var batched: [Int] = []
  /// How many lines wait before the batch decoder is called.
  static let batchSize = 4_096
  /// How many bytes of lines wait, at most, before the batch decoder is called: a journal
  /// of lines near the limit would otherwise hold 4,096 of them (4 GiB), and a club reads
  /// several journals at once.
  static let batchByteLimit = 16 << 20
  /// The bytes of the lines waiting for the batch decoder.
  private var batchedBytes = 0

  init(
    label: String, limit: Int, point: ClubJournal.ReadPoint, problemLimit: Int, readLimit: Int
  ) {
    self.label = label
    self.limit = limit
    self.point = point
    self.problemLimit = problemLimit
    self.readLimit = readLimit
  }

  /// Reads the lines after ``point``, handing each whole one to `each`.
  ///
  /// - Parameters:
  ///   - each: Decodes a line, or keeps it for `decodeBatch` (``LineOutcome/batched``).
  ///   - decodeBatch: Decodes the lines kept, every ``batchSize`` lines or
  ///     ``batchByteLimit`` bytes, and at the end.
  mutating func run(
    _ file: InputFile, each: ([UInt8]) -> LineOutcome,
    decodeBatch: BatchDecoder = { [] }
  ) throws(InputFileError) {
    defer { settle(decodeBatch()) }
    try file.seek(to: point.offset)
    let first = point.offset
    var chunkStart = first
    var atEnd = false
    let chunkSize = max(limit, 1 << 16)
    while !atEnd, chunkStart - first < readLimit {
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
        if batched.count >= Self.batchSize || batchedBytes >= Self.batchByteLimit {
          settle(decodeBatch())
        }
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
  private mutating func endLine(at end: Int, each: ([UInt8]) -> LineOutcome) {
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
    let outcome = each(pending)
    if case .batched = outcome { batchedBytes += pending.count }
    take(outcome, line: point.lineNumber)
  }

  private mutating func take(_ outcome: LineOutcome, line: Int) {
    switch outcome {
    case .read(let sequence): point.lastSequence = max(point.lastSequence, sequence)
    case .skipped(let why): report("line \(line) \(why); it was skipped")
    case .batched: batched.append(line)
    }
  }

  /// Takes the outcomes of the lines kept for the batch decoder, in order.
  private mutating func settle(_ outcomes: [LineOutcome]) {
    let lines = batched
    batched.removeAll(keepingCapacity: true)
    batchedBytes = 0
    for (line, outcome) in zip(lines, outcomes) where outcome.isDecided {
      take(outcome, line: line)
    }
  }

  private mutating func report(_ problem: String) {
    guard problems.count < problemLimit else {
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

extension JournalLineScan.LineOutcome {
  /// Whether the line was read or skipped (not left to a batch).
  fileprivate var isDecided: Bool {
    if case .batched = self { return false }
    return true
  }
}
