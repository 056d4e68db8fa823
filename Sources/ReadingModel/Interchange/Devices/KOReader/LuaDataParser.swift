/// Reads a Lua data file, `return { … }` (with an optional leading comment), as data: a
/// table constructor of strings, numbers, booleans, `nil` and tables, the way KOReader
/// writes its sidecars and the way a person may edit them. Anything else (a call, an
/// operator, a name used as a value) is refused with its line: a sidecar is parsed, never
/// run, so code in one does nothing but fail to read.
public struct LuaDataParser {
  /// Tables nested deeper than this are refused: a sidecar nests four or five.
  public static let deepest = 64

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The table the file returns.
  ///
  /// - Throws: ``LuaDataError`` with the line where the file stops being data.
  public static func table(from bytes: [UInt8]) throws(LuaDataError) -> LuaTable {
    var parser = LuaDataParser(bytes)
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    try parser.skipSpace()
    guard parser.take("return") else { throw parser.error("it does not start with 'return'") }
    try parser.skipSpace()
    guard case .table(let table) = try parser.value(depth: 0) ?? .boolean(false) else {
      throw parser.error("it does not return a table")
    }
    try parser.skipSpace()
    _ = parser.take(";")
    try parser.skipSpace()
    guard parser.index == parser.bytes.count else {
      throw parser.error("something follows the table")
    }
    return table
  }

  private func error(_ reason: String) -> LuaDataError {
    LuaDataError(line: line, reason: reason)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func advance() {
    if bytes[index] == 0x0A { line += 1 }
    index += 1
  }

  /// Takes `word` when it is next (and, for a word, not the start of a longer name).
  private mutating func take(_ word: String) -> Bool {
    let word = Array(word.utf8)
    guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word
    else { return false }
    if let last = word.last, Self.isNameByte(last), index + word.count < bytes.count,
      Self.isNameByte(bytes[index + word.count])
    {
      return false
    }
    for _ in word { advance() }
    return true
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == 0x5F
  }

  /// Skips spaces and comments (`-- …` and `--[[ … ]]`).
  private mutating func skipSpace() throws(LuaDataError) {
    while let byte = current {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if byte == 0x2D, index + 1 < bytes.count, bytes[index + 1] == 0x2D {
        advance()
        advance()
        if current == 0x5B, let level = longBracketLevel() {
          _ = try longString(level: level)
        } else {
          while let next = current, next != 0x0A { advance() }
        }
      } else {
        return
      }
    }
  }

  /// A value; `nil` for Lua's `nil`.
  private mutating func value(depth: Int) throws(LuaDataError) -> LuaValue? {
    guard let byte = current else { throw error("the file ends inside a value") }
    switch byte {
    case 0x7B:  // {
      guard depth < Self.deepest else { throw error("tables nest deeper than \(Self.deepest)") }
      return .table(try table(depth: depth + 1))
    case 0x22, 0x27:  // " '
      return .string(try quotedString())
    case 0x5B:  // [
      guard let level = longBracketLevel() else { throw error("a '[' that opens nothing") }
      return .string(try longString(level: level))
    case 0x2D, 0x2E, 0x30...0x39:  // - . digits
      return .number(try number())
    default:
      if take("true") { return .boolean(true) }
      if take("false") { return .boolean(false) }
      if take("nil") { return nil }
      throw error("a value that is not data (a name, a call or an operator)")
    }
  }

  /// `{ [key] = value, name = value, value; … }`.
  private mutating func table(depth: Int) throws(LuaDataError) -> LuaTable {
    advance()  // {
    var table = LuaTable()
    var nextItem = 1
    while true {
      try skipSpace()
      guard let byte = current else { throw error("the file ends inside a table") }
      if byte == 0x7D {  // }
        advance()
        return table
      }
      if byte == 0x5B, longBracketLevel() == nil {  // [key]
        advance()
        try skipSpace()
        let key = try value(depth: depth)
        try skipSpace()
        guard current == 0x5D else { throw error("a key without its ']'") }
        advance()
        try expectEquals()
        let value = try value(depth: depth)
        try put(value, at: key, in: &table)
      } else if Self.isNameStart(byte), let name = peekName(),
        !["true", "false", "nil"].contains(name)
      {
        for _ in name.utf8 { advance() }
        try expectEquals()
        table.named[name] = try value(depth: depth)
      } else {
        let item = try value(depth: depth)
        if let item { table.numbered[nextItem] = item }
        nextItem += 1
      }
      try skipSpace()
      if current == 0x2C || current == 0x3B {
        advance()
      } else if current != 0x7D {
        throw error("table items are not separated by ',' or ';'")
      }
    }
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
  }

  /// The name at the current place when `=` follows it (`name = value`).
  private func peekName() -> String? {
    var end = index
    while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
    var after = end
    while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
    guard after < bytes.count, bytes[after] == 0x3D,
      after + 1 >= bytes.count || bytes[after + 1] != 0x3D
    else { return nil }
    return String(decoding: bytes[index..<end], as: UTF8.self)
  }

  private mutating func expectEquals() throws(LuaDataError) {
    try skipSpace()
    guard current == 0x3D else { throw error("a key without '='") }
    advance()
    try skipSpace()
  }

  private func put(_ value: LuaValue?, at key: LuaValue?, in table: inout LuaTable)
    throws(LuaDataError)
  {
    guard let value else { return }
    switch key {
    case .string(let name): table.named[name] = value
    case .number(let number):
      guard number.rounded() == number, abs(number) < 1e9 else {
        table.named[String(number)] = value
        return
      }
      table.numbered[Int(number)] = value
    case .boolean(let flag): table.named[String(flag)] = value
    case .table, nil: throw error("a key that is a table or nil")
    }
  }

  /// `[[`, `[=[`, …: the number of `=`, when a long bracket opens here.
  private func longBracketLevel() -> Int? {
    guard current == 0x5B else { return nil }
    var end = index + 1
    while end < bytes.count, bytes[end] == 0x3D { end += 1 }
    guard end < bytes.count, bytes[end] == 0x5B else { return nil }
    return end - index - 1
  }

  private mutating func longString(level: Int) throws(LuaDataError) -> String {
    for _ in 0..<(level + 2) { advance() }
    if current == 0x0D { advance() }
    if current == 0x0A { advance() }
    let start = index
    while index < bytes.count {
      if bytes[index] == 0x5D {
        var end = index + 1
        while end < bytes.count, bytes[end] == 0x3D { end += 1 }
        if end - index - 1 == level, end < bytes.count, bytes[end] == 0x5D {
          let text = String(decoding: bytes[start..<index], as: UTF8.self)
          while index <= end { advance() }
          return text
        }
      }
      advance()
    }
    throw error("a long string that is never closed")
  }

  /// `"…"` or `'…'` with Lua's escapes; KOReader writes a line break as a backslash and a
  /// real line break.
  private mutating func quotedString() throws(LuaDataError) -> String {
    let quote = bytes[index]
    advance()
    var text: [UInt8] = []
    while let byte = current {
      advance()
      if byte == quote { return String(decoding: text, as: UTF8.self) }
      if byte == 0x0A { throw error("a string broken by a line end") }
      guard byte == 0x5C else {
        text.append(byte)
        continue
      }
      guard let escaped = current else { break }
      advance()
      switch escaped {
      case 0x6E: text.append(0x0A)  // n
      case 0x74: text.append(0x09)  // t
      case 0x72: text.append(0x0D)  // r
      case 0x61: text.append(0x07)  // a
      case 0x62: text.append(0x08)  // b
      case 0x66: text.append(0x0C)  // f
      case 0x76: text.append(0x0B)  // v
      case 0x0A: text.append(0x0A)  // a backslash before a real line break
      case 0x0D:
        if current == 0x0A { advance() }
        text.append(0x0A)
      case 0x78:  // xHH
        var value = 0
        for _ in 0..<2 {
          guard let digit = current.flatMap(Self.hexValue) else { throw error("a bad \\x escape") }
          value = value * 16 + digit
          advance()
        }
        text.append(UInt8(value))
      case 0x7A:  // z: skip the spaces that follow
        while let next = current, next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D {
          advance()
        }
      case 0x30...0x39:
        var value = Int(escaped - 0x30)
        for _ in 0..<2 {
          guard let next = current, (0x30...0x39).contains(next) else { break }
          value = value * 10 + Int(next - 0x30)
          advance()
        }
        guard value < 256 else { throw error("a decimal escape past 255") }
        text.append(UInt8(value))
      default: text.append(escaped)  // \\ \" \' and others taken as they are
      }
    }
    throw error("a string that is never closed")
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x37)
    case 0x61...0x66: Int(byte - 0x57)
    default: nil
    }
  }

  /// A number: decimal with a fraction and exponent, or hexadecimal; a leading `-`.
  private mutating func number() throws(LuaDataError) -> Double {
    let start = index
    if current == 0x2D { advance() }
    if current == 0x30, index + 1 < bytes.count, bytes[index + 1] | 0x20 == 0x78 {
      advance()
      advance()
      var value = 0.0
      var digits = 0
      while let digit = current.flatMap(Self.hexValue) {
        value = value * 16 + Double(digit)
        digits += 1
        advance()
      }
      guard digits > 0, value.isFinite else {
        throw error("a hexadecimal number without digits, or past any number")
      }
      return bytes[start] == 0x2D ? -value : value
    }
    while let byte = current,
      (0x30...0x39).contains(byte) || byte == 0x2E || byte | 0x20 == 0x65
        || ((byte == 0x2B || byte == 0x2D) && bytes[index - 1] | 0x20 == 0x65)
    {
      advance()
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
      value.isFinite
    else { throw error("a number that is not one") }
    return value
  }
}

/// Where a Lua data file stops being data, and why.
public struct LuaDataError: Error, Equatable, Sendable {
  public var line: Int
  public var reason: String
}
