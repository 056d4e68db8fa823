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
    let member = member
    var kept: [[UInt8]] = []
    return JournalFile(path: path).read(
      after: point, label: label, lineLimit: limit, problemLimit: Self.problemLimit,
      readLimit: Self.readLimit, explain: { Self.explanation(of: $0, label: label) },
      each: { line in
        kept.append(line)
        return .batched
      },
      decodeBatch: {
        let lines = kept
        kept.removeAll(keepingCapacity: true)
        return Self.decode(lines).map { event in
          guard let event, event.member == member else {
            return .skipped("is not an event of \(member)")
          }
          each(event)
          return .read(sequence: event.sequence)
        }
      })
  }

  /// Decodes journal lines over the cores (``JournalLineDecoding``); `nil` for a line that
  /// is no event.
  static func decode(_ lines: [[UInt8]]) -> [ClubEvent?] {
    JournalLineDecoding.decode(lines) { run in
      // A journal names its book on every line: a line naming the book of the line before
      // takes that one, its key already worked out.
      // So is the member, on every line of their own journal.
      var memory = ClubLineMemory()
      return run.map { line in ClubEvent(jsonLine: line, remembering: &memory) }
    }
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
