/// Reads JSON a value at a time from bytes in memory or from a file read in chunks, so an
/// archive of any size is imported in bounded memory: the top-level object is walked
/// member by member and its `books` array element by element.
///
/// Every error names its line and column. A value deeper than ``depthLimit`` or longer
/// than ``valueLimit`` bytes is refused, so no input can exhaust memory or the stack.
public struct JSONParser {
  /// How deeply arrays and objects may nest.
  public static let depthLimit = 64
  /// The most bytes one value read with ``value()`` may span.
  public static let valueLimit = 16 * 1024 * 1024

  /// The limit this parser applies (``valueLimit`` unless a test asks for less).
  private let limit: Int
  private var source: ByteSource
  private var chunk: [UInt8] = []
  private var index = 0
  private var finished = false
  /// Bytes consumed before `chunk`.
  private var chunkStart = 0
  private var line = 1
  private var lineStart = 0

  /// Parses bytes already in memory.
  ///
  /// - Parameter limit: The most bytes one value may span.
  public init(bytes: [UInt8], limit: Int = JSONParser.valueLimit) {
    source = .memory(bytes)
    self.limit = limit
  }

  /// Parses a file, reading it in chunks.
  public init(file: InputFile) {
    source = .file(file)
    limit = Self.valueLimit
  }

  /// How many bytes have been consumed: the position of the next byte.
  public var offset: Int { chunkStart + index }

  // MARK: Structure

  /// Skips whitespace and reads `byte`, or throws naming what was expected.
  public mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
    try skipWhitespace()
    guard try peek() == byte else { throw syntaxError("expected \(what)") }
    _ = try take()
  }

  /// Skips whitespace; if the next byte is `byte`, reads it.
  ///
  /// - Returns: Whether it was there.
  public mutating func skip(_ byte: UInt8) throws(JSONError) -> Bool {
    try skipWhitespace()
    guard try peek() == byte else { return false }
    _ = try take()
    return true
  }

  /// Whether only whitespace is left.
  public mutating func isAtEnd() throws(JSONError) -> Bool {
    try skipWhitespace()
    return try peek() == nil
  }

  /// Skips whitespace and throws, naming the line and column of what follows, unless
  /// nothing does.
  ///
  /// - Parameter what: What the text after the end is, in words.
  public mutating func expectEnd(_ what: String) throws(JSONError) {
    guard try isAtEnd() else { throw syntaxError(what) }
  }

  /// Reads the next value, whole.
  public mutating func value() throws(JSONError) -> JSONValue {
    try skipWhitespace()
    return try value(depth: 0, limitFrom: offset)
  }

  /// Reads past the next value without keeping it: a fast walk that still checks it.
  public mutating func skipValue() throws(JSONError) {
    try skipWhitespace()
    switch try peek() {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var inString = false
      while let byte = try take() {
        if inString {
          if byte == UInt8(ascii: "\\") {
            _ = try take()
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return }
        default: continue
        }
      }
      throw syntaxError("the file ends inside an array or object")
    default:
      _ = try value()
    }
  }

  /// Reads the members of an object whose `{` was read, through its `}`: each key is handed
  /// to `member` with the parser at the member's value, which `member` reads or skips.
  ///
  /// - Parameters:
  ///   - closing: What a syntax error says was expected after a member.
  ///   - member: Reads one member's value.
  public mutating func readMembers(
    closing: String = "',' or '}' in an object",
    _ member: (String, inout JSONParser) throws(JSONError) -> Void
  ) throws(JSONError) {
    guard try !skip(UInt8(ascii: "}")) else { return }
    repeat {
      let key = try key()
      try member(key, &self)
    } while try skip(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"), closing)
  }

  /// Reads the members of an object whose `{` was read, through its `}`, as
  /// ``readMembers(closing:_:)`` does, with each key told by its place in `keys` (`nil`
  /// for a key not among them): a key that is one of them as written makes no string.
  ///
  /// - Parameters:
  ///   - keys: The keys the caller reads, as UTF-8.
  ///   - closing: What a syntax error says was expected after a member.
  ///   - member: Reads one member's value.
  public mutating func readMembers(
    matching keys: [[UInt8]], closing: String = "',' or '}' in an object",
    _ member: (Int?, inout JSONParser) throws(JSONError) -> Void
  ) throws(JSONError) {
    guard try !skip(UInt8(ascii: "}")) else { return }
    repeat {
      let key = try key(matching: keys)
      try member(key, &self)
    } while try skip(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"), closing)
  }

  /// Reads an object member's key and its colon.
  ///
  /// - Returns: The key's place in `keys`; `nil` for another key.
  private mutating func key(matching keys: [[UInt8]]) throws(JSONError) -> Int? {
    try skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a quoted key") }
    var found: Int?
    if let end = plainStringEnd() {
      // Compared length first, then byte by byte: most keys differ in one or the other.
      let (first, length) = (index + 1, end - index - 1)
      found = keys.firstIndex { key in
        guard key.count == length else { return false }
        for offset in 0..<length where key[offset] != chunk[first + offset] { return false }
        return true
      }
      if found != nil { index = end + 1 }
    }
    if found == nil {
      // Unescaped and checked as any key is: a key that is no UTF-8 is an error.
      let key = try string(limitFrom: offset)
      found = keys.firstIndex { $0.elementsEqual(key.utf8) }
    }
    try expect(UInt8(ascii: ":"), "':' after a key")
    return found
  }

  /// Reads an object member's key and its colon.
  public mutating func key() throws(JSONError) -> String {
    try skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a quoted key") }
    let key = try string(limitFrom: offset)
    try expect(UInt8(ascii: ":"), "':' after a key")
    return key
  }

  // MARK: Values

  /// Skips whitespace; if the next bytes are `value`'s, a whole value as written (an object
  /// read before), reads past them.
  ///
  /// - Returns: Whether they were there: the next value is then that one, byte for byte.
  public mutating func skip(ifNextIs value: [UInt8]) throws(JSONError) -> Bool {
    try skipWhitespace()
    guard try peek() != nil, index + value.count <= chunk.count else { return false }
    for offset in 0..<value.count where chunk[index + offset] != value[offset] { return false }
    index += value.count
    return true
  }

  /// Skips whitespace: the offset where the next value starts.
  public mutating func nextValueOffset() throws(JSONError) -> Int {
    try skipWhitespace()
    return offset
  }

  /// The bytes consumed from `start` to the current offset, when the parser still holds them
  /// (always, for bytes in memory).
  public func consumed(from start: Int) -> ArraySlice<UInt8>? {
    let first = start - chunkStart
    guard first >= 0, first <= index else { return nil }
    return chunk[first..<index]
  }

  /// Reads the next value as a string that is likely `known`: when its bytes are
  /// `known`'s, `known` itself comes back and no string is made (a journal gives the same
  /// member id and book title line after line).
  ///
  /// - Returns: The string; `nil` when the value is no string (it is read past whole).
  /// - Throws: What ``value()`` throws: a string that is not UTF-8, one too long.
  public mutating func string(reusing known: String?) throws(JSONError) -> String? {
    try skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else {
      _ = try value()
      return nil
    }
    if var known, let end = plainStringEnd(),
      known.withUTF8({ $0.elementsEqual(chunk[(index + 1)..<end]) })
    {
      index = end + 1
      return known
    }
    return try string(limitFrom: offset)
  }

  /// Reads the next value as a string and hands its bytes to `read`, making no string of
  /// them when they need no unescaping (a time on every line of a journal). The bytes are
  /// not checked to be UTF-8: `read` takes them as written.
  ///
  /// - Returns: What `read` made of the bytes; `nil` when the value is no string (it is read
  ///   past whole).
  /// - Throws: What ``value()`` throws.
  public mutating func stringBytes<T>(_ read: (ArraySlice<UInt8>) -> T?) throws(JSONError) -> T? {
    try skipWhitespace()
    guard try peek() == UInt8(ascii: "\"") else {
      _ = try value()
      return nil
    }
    if let end = plainStringEnd() {
      defer { index = end + 1 }
      return read(chunk[(index + 1)..<end])
    }
    let text = try string(limitFrom: offset)
    return read(Array(text.utf8)[...])
  }

  /// With `index` at a string's opening quote: where its closing quote is, when the string
  /// ends in the chunk at hand, needs no unescaping, holds no control character and is
  /// within the limit; else `nil`.
  private func plainStringEnd() -> Int? {
    var end = index + 1
    while end < chunk.count {
      let byte = chunk[end]
      if byte == UInt8(ascii: "\"") { return end - index - 1 <= limit ? end : nil }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      end += 1
    }
    return nil
  }

  private mutating func value(depth: Int, limitFrom start: Int) throws(JSONError) -> JSONValue {
    guard depth < Self.depthLimit else {
      throw .tooDeep(line: line, limit: Self.depthLimit)
    }
    try skipWhitespace()
    guard let byte = try peek() else { throw syntaxError("the file ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"):
      _ = try take()
      var members: [String: JSONValue] = [:]
      if try skip(UInt8(ascii: "}")) { return .object(members) }
      repeat {
        let key = try key()
        members[key] = try value(depth: depth + 1, limitFrom: start)
        try checkSize(from: start)
      } while try skip(UInt8(ascii: ","))
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
      return .object(members)
    case UInt8(ascii: "["):
      _ = try take()
      var elements: [JSONValue] = []
      if try skip(UInt8(ascii: "]")) { return .array(elements) }
      repeat {
        elements.append(try value(depth: depth + 1, limitFrom: start))
        try checkSize(from: start)
      } while try skip(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
      return .array(elements)
    case UInt8(ascii: "\""):
      return .string(try string(limitFrom: start))
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try number()
    default:
      throw syntaxError("expected a value")
    }
  }

  private mutating func literal(_ word: String) throws(JSONError) {
    for expected in word.utf8 {
      guard try peek() == expected else { throw syntaxError("expected '\(word)'") }
      _ = try take()
    }
  }

  private mutating func number() throws(JSONError) -> JSONValue {
    // A plain integer within the chunk at hand (most numbers): read without a string.
    var end = index
    var negative = false
    if end < chunk.count, chunk[end] == UInt8(ascii: "-") {
      negative = true
      end += 1
    }
    let digitsStart = end
    var magnitude: Int64 = 0
    var fits = true
    while end < chunk.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(chunk[end]),
      end - digitsStart < 18
    {
      magnitude = magnitude * 10 + Int64(chunk[end] - UInt8(ascii: "0"))
      end += 1
    }
    if end < chunk.count, end > digitsStart {
      let next = chunk[end]
      fits =
        !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) && next != UInt8(ascii: ".")
        && next != UInt8(ascii: "e") && next != UInt8(ascii: "E") && next != UInt8(ascii: "+")
        && next != UInt8(ascii: "-")
      // A leading zero (`012`, not JSON) goes the long way, read as it always was.
      if fits, chunk[digitsStart] == UInt8(ascii: "0"), end - digitsStart > 1 { fits = false }
      if fits {
        index = end
        return .integer(negative ? -magnitude : magnitude)
      }
    }
    var text: [UInt8] = []
    var isInteger = true
    while let byte = try peek(),
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E")
    {
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        isInteger = false
      }
      text.append(byte)
      _ = try take()
      guard text.count <= 64 else { throw syntaxError("a number is too long") }
    }
    let string = String(decoding: text, as: UTF8.self)
    if isInteger, let integer = Int64(string) { return .integer(integer) }
    guard let number = Double(string), number.isFinite else {
      throw syntaxError("'\(string)' is not a number")
    }
    return .number(number)
  }

  private mutating func string(limitFrom start: Int) throws(JSONError) -> String {
    _ = try take()  // the opening quote
    // Most strings have no escape and end in the chunk at hand: found by a scan of the
    // chunk's bytes and made in one piece. No line break can be inside one (a control
    // character is refused), so the line count needs no update.
    var end = index
    while end < chunk.count {
      let byte = chunk[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      end += 1
    }
    if end < chunk.count, chunk[end] == UInt8(ascii: "\""), end - index <= limit {
      guard let text = String(validatingUTF8Bytes: chunk[index..<end]) else {
        index = end
        throw syntaxError("a string is not valid UTF-8")
      }
      index = end + 1
      try checkSize(from: start)
      return text
    }
    var bytes: [UInt8] = []
    while true {
      guard let byte = try take() else { throw syntaxError("the file ends inside a string") }
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validatingUTF8Bytes: bytes[...]) else {
          throw syntaxError("a string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        try unescape(into: &bytes)
      case 0..<0x20:
        throw syntaxError("a control character must be escaped in a string")
      default:
        bytes.append(byte)
      }
      try checkSize(from: start)
    }
  }

  private func checkSize(from start: Int) throws(JSONError) {
    if offset - start > limit { throw .tooLarge(line: line, limit: limit) }
  }

  private mutating func unescape(into bytes: inout [UInt8]) throws(JSONError) {
    guard let byte = try take() else { throw syntaxError("the file ends inside a string") }
    if let plain = JSONEscape.byte(after: byte) {
      bytes.append(plain)
      return
    }
    guard byte == UInt8(ascii: "u") else {
      throw syntaxError("'\\\(Character(Unicode.Scalar(byte)))' is not an escape")
    }
    let code = try hex4()
    var low: UInt32?
    if JSONEscape.isHighSurrogate(code) {
      guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else {
        throw syntaxError("a surrogate pair is missing its second half")
      }
      low = try hex4()
    }
    guard let scalar = JSONEscape.scalar(code, low: low) else {
      throw syntaxError(
        low == nil
          ? "\\u\(String(code, radix: 16)) is not a character"
          : "a surrogate pair is missing its second half")
    }
    bytes += Array(String(Character(scalar)).utf8)
  }

  private mutating func hex4() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try take(), let digit = Self.hexValue(byte) else {
        throw syntaxError("\\u needs four hex digits")
      }
      value = value << 4 | digit
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  // MARK: Bytes

  private mutating func skipWhitespace() throws(JSONError) {
    while let byte = try peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      _ = try take()
    }
  }

  private mutating func peek() throws(JSONError) -> UInt8? {
    while index >= chunk.count, !finished { try refill() }
    return index < chunk.count ? chunk[index] : nil
  }

  private mutating func take() throws(JSONError) -> UInt8? {
    guard let byte = try peek() else { return nil }
    index += 1
    if byte == 0x0A {
      line += 1
      lineStart = offset
    }
    return byte
  }

  private mutating func refill() throws(JSONError) {
    chunkStart += chunk.count
    index = 0
    switch source {
    case .memory(let bytes):
      chunk = bytes
      source = .memory([])
      finished = bytes.isEmpty
    case .file(let file):
      do {
        chunk = try file.read(upTo: 256 * 1024)
      } catch {
        throw .unreadable(error.errorDescription ?? "\(error)")
      }
      finished = chunk.isEmpty
    }
  }

  private func syntaxError(_ expected: String) -> JSONError {
    .syntax(line: line, column: offset - lineStart + 1, detail: expected)
  }

  private enum ByteSource {
    case memory([UInt8])
    case file(InputFile)
  }
}

/// Why JSON could not be read.
public enum JSONError: Error, Equatable, Sendable {
  /// The text is not JSON here.
  case syntax(line: Int, column: Int, detail: String)
  /// A value nests deeper than the parser follows.
  case tooDeep(line: Int, limit: Int)
  /// A value is longer than the parser keeps.
  case tooLarge(line: Int, limit: Int)
  /// The file could not be read.
  case unreadable(String)
}

extension JSONError {
  public var message: String {
    switch self {
    case .syntax(let line, let column, let detail): "line \(line), column \(column): \(detail)"
    case .tooDeep(let line, let limit): "line \(line): nested more than \(limit) levels deep"
    case .tooLarge(let line, let limit):
      "line \(line): a value runs past \(limit / 1024 / 1024) MiB"
    case .unreadable(let reason): reason
    }
  }
}
