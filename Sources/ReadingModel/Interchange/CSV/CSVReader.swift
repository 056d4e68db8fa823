import Foundation

/// Reads RFC 4180 CSV a record at a time: quoted fields, doubled quotes, commas and line
/// breaks inside quotes, CRLF or LF, an optional UTF-8 byte-order mark. Memory stays at one
/// chunk and one record whatever the file's size. Every problem names its line.
public struct CSVReader {
  /// One row, with the line it starts on (rows with line breaks inside quotes span more).
  public struct Record: Equatable, Sendable {
    public var fields: [String]
    public var line: Int
  }

  private let source: ByteSource
  private var chunk: [UInt8] = []
  private var index = 0
  private var line = 1
  private var atStart = true
  private var finished = false
  /// Bytes consumed so far, for progress bars.
  public private(set) var bytesRead = 0

  /// Reads the file at `path`.
  ///
  /// - Throws: ``CSVError/cannotOpen(_:)``.
  public init(path: String) throws(CSVError) {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw .cannotOpen(path) }
    source = .file(handle)
  }

  /// Reads CSV text already in memory.
  public init(text: String) {
    source = .memory(Array(text.utf8))
  }

  /// The next record, or `nil` at the end of the input.
  ///
  /// - Throws: ``CSVError`` for an unterminated quote, text after a closing quote, or
  ///   invalid UTF-8, with the line where it happens.
  public mutating func next() throws(CSVError) -> Record? {
    if atStart {
      atStart = false
      refill()
      if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }
    guard peek() != nil else { return nil }
    let startLine = line
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var fieldStartLine = line
    while true {
      guard let byte = take() else {
        if quoted { throw .unterminatedQuote(line: fieldStartLine) }
        fields.append(try decode(field, line: fieldStartLine))
        return Record(fields: fields, line: startLine)
      }
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if peek() == UInt8(ascii: "\"") {
            _ = take()
            field.append(byte)
          } else {
            quoted = false
            if let next = peek(), next != UInt8(ascii: ","), next != 0x0A, next != 0x0D {
              throw .textAfterClosingQuote(line: line)
            }
          }
        } else {
          if byte == 0x0A { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        fields.append(try decode(field, line: fieldStartLine))
        field.removeAll(keepingCapacity: true)
        fieldStartLine = line
      case UInt8(ascii: "\"") where field.isEmpty:
        quoted = true
        fieldStartLine = line
      case 0x0D where peek() == 0x0A:
        continue
      case 0x0A, 0x0D:
        line += 1
        fields.append(try decode(field, line: fieldStartLine))
        return Record(fields: fields, line: startLine)
      default:
        field.append(byte)
      }
    }
  }

  private func decode(_ bytes: [UInt8], line: Int) throws(CSVError) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .invalidUTF8(line: line)
    }
    return text
  }

  private mutating func peek() -> UInt8? {
    if index >= chunk.count { refill() }
    return index < chunk.count ? chunk[index] : nil
  }

  private mutating func take() -> UInt8? {
    guard let byte = peek() else { return nil }
    index += 1
    bytesRead += 1
    return byte
  }

  private mutating func refill() {
    guard !finished else { return }
    switch source {
    case .memory(let bytes):
      chunk = bytes
      finished = true
    case .file(let handle):
      let data = handle.readData(ofLength: 256 * 1024)
      chunk = [UInt8](data)
      finished = data.isEmpty
    }
    index = 0
  }

  private enum ByteSource {
    case file(FileHandle)
    case memory([UInt8])
  }
}

/// Why a CSV file cannot be read.
public enum CSVError: Error, Equatable, Sendable {
  /// The file cannot be opened.
  case cannotOpen(String)
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
    case .cannotOpen(let path): "Cannot open '\(path)'. Check the path and its permissions."
    case .unterminatedQuote(let line):
      "line \(line): a quoted field opens here and is never closed. Check the quotes on that line."
    case .textAfterClosingQuote(let line):
      "line \(line): text follows a closing quote; a quote inside a quoted field is written \"\"."
    case .invalidUTF8(let line):
      "line \(line): the text is not UTF-8. Save the file as UTF-8 and try again."
    }
  }
}
