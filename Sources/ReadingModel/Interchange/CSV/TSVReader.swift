/// Reads a tab-separated export (LibraryThing's): a record a line, fields split at tabs,
/// no quoting (a quote is a character like any other). The text is UTF-8, UTF-16 with its
/// byte-order mark, or, when it is not valid UTF-8, Windows-1252 as older exports wrote it.
struct TSVReader: RecordReading {
  /// The most a file may hold: a library of tens of thousands of books is a few megabytes.
  static let largestFile = 256 * 1024 * 1024

  private let lines: [Substring]
  private var index = 0
  private(set) var bytesRead = 0

  /// Reads the file at `path` whole.
  ///
  /// - Throws: ``InputFileError``, or ``CSVError/tooLong(line:limit:)`` past
  ///   ``largestFile``.
  init(path: String) throws {
    let file = try InputFile(path: path)
    guard file.size <= Self.largestFile else {
      throw CSVError.tooLong(line: 1, limit: Self.largestFile)
    }
    self.init(bytes: try file.read(upTo: Self.largestFile + 1))
  }

  init(bytes: [UInt8]) {
    lines = Self.text(of: bytes).lineSlices
  }

  mutating func next() throws(CSVError) -> CSVReader.Record? {
    guard index < lines.count else { return nil }
    let line = lines[index]
    index += 1
    bytesRead += line.utf8.count + 1
    return CSVReader.Record(
      fields: line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
      line: index)
  }

  /// The bytes as text: by their byte-order mark, else UTF-8, else Windows-1252.
  static func text(of bytes: [UInt8]) -> String {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return String(decoding: bytes.dropFirst(3), as: UTF8.self)
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      var transcoder = UTF16Transcoder(bigEndian: bytes[0] == 0xFE)
      return String(
        decoding: transcoder.transcode(Array(bytes.dropFirst(2)), final: true), as: UTF8.self)
    }
    return String(validating: bytes, as: UTF8.self) ?? Windows1252.text(bytes)
  }
}
