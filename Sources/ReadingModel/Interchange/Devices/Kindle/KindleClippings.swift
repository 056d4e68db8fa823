/// A Kindle's `My Clippings.txt`, read: every highlight, note and bookmark in it, and the
/// entries that could not be read, each with its line.
///
/// The file is an append-only log: entries of a title line, a metadata line, an empty line
/// and the text, each ended by a line of ten `=`. It is UTF-8 with a byte order mark on the
/// device (UTF-16 when a computer saved it so), with CRLF line ends (LF or CR when edited).
/// A note that holds a line of ten `=` splits its entry in two: a part that is no entry is
/// put back on the entry before it.
public struct KindleClippings: Sendable, Equatable {
  /// An entry that could not be read, and why.
  public struct Problem: Sendable, Equatable {
    public var line: Int
    public var reason: String
  }

  public var clippings: [KindleClipping] = []
  public var problems: [Problem] = []
  /// The languages its metadata lines are in.
  public var languages: Set<KindleLanguage> = []
  /// Whether some bytes were not text in the file's encoding (shown as `�`).
  public var hadInvalidText = false

  /// Reads the file's bytes.
  public init(bytes: [UInt8]) {
    let decoded = DeviceText.decode(bytes)
    hadInvalidText = decoded.hadInvalidBytes
    var record: [(line: Int, text: Substring)] = []
    var lineNumber = 0
    for line in decoded.text.lineSlices {
      lineNumber += 1
      if Self.isSeparator(line) {
        read(record)
        record = []
      } else {
        record.append((lineNumber, line))
      }
    }
    read(record)
  }

  private static func isSeparator(_ line: Substring) -> Bool {
    let trimmed = line.trimmingWhitespace()
    return trimmed.count == 10 && trimmed.allSatisfy { $0 == "=" }
  }

  /// Reads one entry's lines.
  private mutating func read(_ record: [(line: Int, text: Substring)]) {
    let lines = record.drop { $0.text.trimmingWhitespace().isEmpty }
    guard let first = lines.first else { return }
    let rest = lines.dropFirst()
    guard let second = rest.first, let metadata = KindleMetadataLine(second.text) else {
      joinToPrevious(lines, at: first.line)
      return
    }
    if let language = metadata.language { languages.insert(language) }
    let title = KindleTitleLine(first.text)
    guard !title.title.isEmpty else {
      problems.append(Problem(line: first.line, reason: "it names no book"))
      return
    }
    let text = rest.dropFirst().map { String($0.text) }.joined(separator: "\n")
    clippings.append(
      KindleClipping(
        line: first.line, title: title.title, authors: title.authors, kind: metadata.kind,
        page: metadata.page, location: metadata.location, added: metadata.added,
        text: text.trimmingWhitespace()))
  }

  /// Lines that are no entry: the rest of the entry before it, whose note held a line of
  /// ten `=`, or else a problem.
  private mutating func joinToPrevious(
    _ lines: ArraySlice<(line: Int, text: Substring)>, at line: Int
  ) {
    guard var previous = clippings.last, previous.kind != .bookmark else {
      problems.append(
        Problem(line: line, reason: "it is not a clipping (no '- … | Added on …' line)"))
      return
    }
    // Past the longest a highlight is kept, more changes nothing (it is not kept, and said
    // so): a file of millions of separators is not joined a copy at a time.
    guard previous.text.utf8.count <= Highlight.longestText * 4 else { return }
    let more = lines.map { String($0.text) }.joined(separator: "\n")
    previous.text = (previous.text + "\n==========\n" + more).trimmingWhitespace()
    clippings[clippings.count - 1] = previous
  }
}
