extension StringMapJSON {
  /// A reader of one flat JSON object of strings, over its UTF-8 bytes (borrowed: a parser
  /// lives inside a `withUnsafeBufferPointer` of them).
  struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func object(_ body: (String, String) -> Void) -> Bool {
      guard take(UInt8(ascii: "{")) else { return false }
      if take(UInt8(ascii: "}")) { return atEnd }
      repeat {
        guard let key = string(), take(UInt8(ascii: ":")), let value = string() else {
          return false
        }
        body(key, value)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "}")) && atEnd
    }

    var atEnd: Bool {
      mutating get {
        skipSpace()
        return index == bytes.count
      }
    }

    private mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      var output: [UInt8] = []
      var escaped = false
      var run = index  // unescaped bytes are copied a run at a time
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          defer { index += 1 }
          // Most strings hold no escape: made straight from the input, with no copy first.
          // The input is a String's UTF-8, valid already: decoding cannot repair anything.
          guard escaped else { return String(decoding: bytes[run..<index], as: UTF8.self) }
          output += bytes[run..<index]
          return String(decoding: output, as: UTF8.self)
        case UInt8(ascii: "\\"):
          output += bytes[run..<index]
          escaped = true
          index += 1
          guard index < bytes.count, unescape(&output) else { return nil }
          run = index
        default:
          index += 1
        }
      }
      return nil
    }

    /// Reads the escape after a backslash into `output`.
    private mutating func unescape(_ output: inout [UInt8]) -> Bool {
      let byte = bytes[index]
      index += 1
      if let plain = JSONEscape.byte(after: byte) {
        output.append(plain)
        return true
      }
      guard byte == UInt8(ascii: "u"), let code = hex4() else { return false }
      var low: UInt32?
      if JSONEscape.isHighSurrogate(code) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { return false }
        index += 2
        low = hex4()
      }
      guard let scalar = JSONEscape.scalar(code, low: low) else { return false }
      output += Array(String(Character(scalar)).utf8)
      return true
    }

    private mutating func hex4() -> UInt32? {
      guard index + 4 <= bytes.count,
        let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
      else { return nil }
      index += 4
      return value
    }
  }
}
