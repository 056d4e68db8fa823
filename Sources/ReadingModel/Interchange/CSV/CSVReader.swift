#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads RFC 4180 CSV a record at a time: quoted fields, doubled quotes, commas and line
/// breaks inside quotes, CRLF or LF, an optional UTF-8 byte-order mark, and UTF-16 (either
/// byte order) with its byte-order mark. Memory stays at one chunk and one record whatever
/// the file's size. Every problem names its line.
///
/// It forgives what editors and spreadsheets do to CSV: blanks before a quote are skipped, so
/// the quote still opens a quoted field, and blanks between a closing quote and the comma are
/// allowed. A file whose columns were padded to line up (an editor's "align columns") reads
/// exactly like the original: padding is recognised per file, by its first record (the
/// header) having blanks around a field, and then every unquoted field is trimmed. In any
/// other file an unquoted field is kept byte for byte, blanks at its ends included
/// (`Vintage Books␠`), so an export can write back what it read.
public struct CSVReader {
  /// One row, with the line it starts on (rows with line breaks inside quotes span more).
  public struct Record: Equatable, Sendable {
    public var fields: [String]
    public var line: Int
  }

  private let source: ByteSource
  private var transcoder: UTF16Transcoder?
  private var chunk: [UInt8] = []
  private var index = 0
  private var line = 1
  private var atStart = true
  private var finished = false
  private var consumed = 0
  private var rawConsumed = 0
  /// How many fields the last record had: room for as many is made for the next.
  private var lastFieldCount = 0
  /// Why the file stopped being readable, reported by ``next()``.
  private var readFailure: CSVError?
  /// Whether unquoted fields are trimmed: while the first record is read (a header's names
  /// have no blanks of their own), and after it in a padded file.
  private var trimsUnquoted = true
  /// Whether the first record had blanks around a field, which makes the file padded.
  private var sawPadding = false
  /// Whether the first record has been read, and with it whether the file is padded.
  private var knowsPadding = false

  /// Whether the file's columns are padded with blanks (known once the first record is
  /// read): its unquoted fields are then trimmed.
  public var isPadded: Bool { knowsPadding && trimsUnquoted }

  /// Bytes of the file read so far, for progress bars.
  public var bytesRead: Int { transcoder == nil ? consumed : rawConsumed }

  /// Reads the file at `path`.
  ///
  /// - Throws: ``InputFileError`` when it is not a readable, non-empty file.
  public init(path: String) throws(InputFileError) {
    source = .file(try InputFile(path: path))
  }

  /// Reads CSV text already in memory.
  public init(text: String) {
    source = .memory(Array(text.utf8))
  }

  /// Reads CSV bytes already in memory, in any encoding the reader knows.
  public init(bytes: [UInt8]) {
    source = .memory(bytes)
  }

  /// The next record, or `nil` at the end of the input.
  ///
  /// - Throws: ``CSVError`` for an unterminated quote, text after a closing quote, invalid
  ///   UTF-8, a field past ``fieldLimit``, with the line where it happens, or when the file
  ///   cannot be read.
  public mutating func next() throws(CSVError) -> Record? {
    if atStart { startReading() }
    guard peek() != nil else {
      if let readFailure { throw readFailure }
      return nil
    }
    let startLine = line
    let startOffset = consumed
    var fields: [String] = []
    fields.reserveCapacity(lastFieldCount)
    while true {
      let (field, end) = try readField()
      fields.append(field)
      if let readFailure { throw readFailure }
      if consumed - startOffset > Self.recordLimit {
        throw .tooLong(line: startLine, limit: Self.recordLimit)
      }
      if end != .comma {
        lastFieldCount = fields.count
        if !knowsPadding {
          knowsPadding = true
          trimsUnquoted = sawPadding
        }
        return Record(fields: fields, line: startLine)
      }
    }
  }

  /// The most bytes one record may hold: memory stays bounded whatever the input (a file
  /// without line breaks, a field that never closes its quote).
  public static let recordLimit = 16 * 1024 * 1024

  private enum FieldEnd {
    case comma, lineEnd, input
  }

  /// Reads one field and what ended it.
  private mutating func readField() throws(CSVError) -> (String, FieldEnd) {
    let blanks = skipBlanks()
    let fieldLine = line
    if peek() == Self.quote {
      if !blanks.isEmpty { sawPadding = true }
      _ = take()
      if let text = try quotedInChunk(line: fieldLine) { return try afterClosingQuote(text) }
      return try readQuoted(from: fieldLine)
    }
    if !blanks.isEmpty, trimsUnquoted { sawPadding = true }
    // Outside a padded file, blanks before an unquoted field are the field's own.
    let kept = trimsUnquoted ? [] : blanks
    if let field = try unquotedInChunk(line: fieldLine) {
      return kept.isEmpty ? field : (String(decoding: kept, as: UTF8.self) + field.0, field.1)
    }
    var field: [UInt8] = kept
    while let byte = take() {
      if field.count > Self.recordLimit { throw .tooLong(line: fieldLine, limit: Self.recordLimit) }
      if byte == Self.comma {
        return (try decode(field[...], trimming: trimsUnquoted, line: fieldLine), .comma)
      }
      if let end = lineEnd(after: byte) {
        return (try decode(field[...], trimming: trimsUnquoted, line: fieldLine), end)
      }
      field.append(byte)
    }
    return (try decode(field[...], trimming: trimsUnquoted, line: fieldLine), .input)
  }

  /// An unquoted field that ends inside the chunk, decoded straight from it (most fields of
  /// most files); `nil`, having read nothing, when it may go on in the next chunk.
  private mutating func unquotedInChunk(line fieldLine: Int) throws(CSVError) -> (
    String, FieldEnd
  )? {
    let start = index
    let found: Int? = chunk.withUnsafeBufferPointer { buffer in
      var end = start
      while end < buffer.count {
        let byte = buffer[end]
        if byte == Self.comma || byte == 0x0A || byte == 0x0D { return end }
        end += 1
      }
      return nil
    }
    guard let end = found else { return nil }
    let text = try decode(chunk[start..<end], trimming: trimsUnquoted, line: fieldLine)
    consumed += end - start
    index = end
    let byte = take()!
    if byte == Self.comma { return (text, .comma) }
    return (text, lineEnd(after: byte) ?? .input)
  }

  /// A quoted field, after its opening quote, that closes inside the chunk with no doubled
  /// quote, decoded straight from it; `nil`, having read nothing, otherwise.
  private mutating func quotedInChunk(line fieldLine: Int) throws(CSVError) -> String? {
    let start = index
    guard let close = chunk[start...].firstIndex(of: Self.quote), close + 1 < chunk.count,
      chunk[close + 1] != Self.quote
    else { return nil }
    let body = chunk[start..<close]
    let text = try decode(body, trimming: false, line: fieldLine)
    line += body.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    consumed += close + 1 - start
    index = close + 1
    return text
  }

  /// Reads a quoted field after its opening quote, and what follows the closing one.
  private mutating func readQuoted(from fieldLine: Int) throws(CSVError) -> (String, FieldEnd) {
    var field: [UInt8] = []
    while true {
      guard let byte = take() else { throw .unterminatedQuote(line: fieldLine) }
      if field.count > Self.recordLimit { throw .tooLong(line: fieldLine, limit: Self.recordLimit) }
      if byte == Self.quote {
        guard peek() == Self.quote else { break }
        _ = take()
      } else if byte == 0x0A {
        line += 1
      }
      field.append(byte)
    }
    return try afterClosingQuote(try decode(field[...], trimming: false, line: fieldLine))
  }

  /// What follows a quoted field's closing quote: blanks, then a comma, a line end or the
  /// end of the input.
  private mutating func afterClosingQuote(_ text: String) throws(CSVError) -> (String, FieldEnd) {
    if !skipBlanks().isEmpty { sawPadding = true }
    guard let byte = take() else { return (text, .input) }
    if byte == Self.comma { return (text, .comma) }
    if let end = lineEnd(after: byte) { return (text, end) }
    throw .textAfterClosingQuote(line: line)
  }

  /// Whether `byte` ends a line (CRLF, LF or a lone CR), counting the line.
  private mutating func lineEnd(after byte: UInt8) -> FieldEnd? {
    guard byte == 0x0A || byte == 0x0D else { return nil }
    if byte == 0x0D, peek() == 0x0A { _ = take() }
    line += 1
    return .lineEnd
  }

  /// Skips spaces and tabs.
  ///
  /// - Returns: The blanks skipped.
  @discardableResult
  private mutating func skipBlanks() -> [UInt8] {
    var blanks: [UInt8] = []
    while let byte = peek(), byte == 0x20 || byte == 0x09 { blanks.append(take()!) }
    return blanks
  }

  private mutating func decode(_ bytes: ArraySlice<UInt8>, trimming: Bool, line: Int)
    throws(CSVError) -> String
  {
    var slice = bytes
    if trimming {
      while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
      if slice.count != bytes.count { sawPadding = true }
    }
    guard let text = String(validatingUTF8Bytes: slice) else { throw .invalidUTF8(line: line) }
    return text
  }

  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")

  /// Reads the first chunk and its byte-order mark, if any.
  private mutating func startReading() {
    atStart = false
    refill()
    if chunk.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
    } else if chunk.starts(with: [0xFF, 0xFE]) || chunk.starts(with: [0xFE, 0xFF]) {
      var transcoder = UTF16Transcoder(bigEndian: chunk[0] == 0xFE)
      chunk = transcoder.transcode(Array(chunk.dropFirst(2)), final: finished)
      self.transcoder = transcoder
    }
  }

  private mutating func peek() -> UInt8? {
    while index >= chunk.count, !finished { refill() }
    return index < chunk.count ? chunk[index] : nil
  }

  private mutating func take() -> UInt8? {
    guard let byte = peek() else { return nil }
    index += 1
    consumed += 1
    return byte
  }

  private mutating func refill() {
    guard !finished else { return }
    let raw: [UInt8]
    switch source {
    case .memory(let bytes):
      raw = bytes
      finished = true
    case .file(let file):
      do {
        raw = try file.read(upTo: 256 * 1024)
      } catch {
        readFailure = .unreadable(error.errorDescription ?? "\(error)")
        raw = []
      }
      finished = raw.isEmpty
    }
    rawConsumed += raw.count
    chunk = transcoder?.transcode(raw, final: finished) ?? raw
    index = 0
  }

  private enum ByteSource {
    case file(InputFile)
    case memory([UInt8])
  }
}

/// Why a CSV file cannot be read.
public enum CSVError: Error, Equatable, Sendable {
  /// The file cannot be read any further.
  case unreadable(String)
  /// A record longer than the reader takes.
  case tooLong(line: Int, limit: Int)
  /// A quoted field is never closed; the line is where it opens.
  case unterminatedQuote(line: Int)
  /// Something other than a comma or line end follows a closing quote.
  case textAfterClosingQuote(line: Int)
  /// Bytes that are not UTF-8.
  case invalidUTF8(line: Int)
}

extension CSVError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .unreadable(let reason): reason
    case .tooLong(let line, let limit):
      "line \(line): the row runs past \(limit / 1024 / 1024) MiB without ending; this is not an "
        + "export bookclub can read (is it a CSV file?). Nothing was imported."
    case .unterminatedQuote(let line):
      "line \(line): a quoted field opens here and is never closed. Check the quotes on that line."
    case .textAfterClosingQuote(let line):
      "line \(line): text follows a closing quote; a quote inside a quoted field is written \"\"."
    case .invalidUTF8(let line):
      "line \(line): the text is not UTF-8. Save the file as UTF-8 and try again."
    }
  }
}
