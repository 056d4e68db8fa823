/// Turns UTF-16 (little- or big-endian) into UTF-8 a chunk at a time: a code unit or a
/// surrogate pair split between chunks is completed by the next one.
///
/// A lone surrogate becomes a byte that is never valid UTF-8 (0xFF), so the reader's own
/// UTF-8 check reports it with its line instead of a silent replacement character.
struct UTF16Transcoder {
  let bigEndian: Bool
  private var pendingByte: UInt8?
  private var pendingHigh: UInt16?

  init(bigEndian: Bool) {
    self.bigEndian = bigEndian
  }

  /// The UTF-8 for `bytes`; `final` flushes what is left over at the end of the input.
  mutating func transcode(_ bytes: [UInt8], final: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while true {
      let first: UInt8
      if let pendingByte {
        first = pendingByte
        self.pendingByte = nil
      } else if index < bytes.count {
        first = bytes[index]
        index += 1
      } else {
        break
      }
      guard index < bytes.count else {
        pendingByte = first
        break
      }
      let second = bytes[index]
      index += 1
      let unit =
        bigEndian
        ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
      append(unit, to: &output)
    }
    if final {
      if pendingByte != nil || pendingHigh != nil { output.append(0xFF) }
      pendingByte = nil
      pendingHigh = nil
    }
    return output
  }

  private mutating func append(_ unit: UInt16, to output: inout [UInt8]) {
    if let high = pendingHigh {
      pendingHigh = nil
      if (0xDC00..<0xE000).contains(unit) {
        let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
        encode(value, to: &output)
        return
      }
      output.append(0xFF)  // a high surrogate without its low half
    }
    switch unit {
    case 0xD800..<0xDC00: pendingHigh = unit
    case 0xDC00..<0xE000: output.append(0xFF)  // a low surrogate alone
    default: encode(UInt32(unit), to: &output)
    }
  }

  private func encode(_ value: UInt32, to output: inout [UInt8]) {
    switch value {
    case ..<0x80:
      output.append(UInt8(value))
    case ..<0x800:
      output.append(UInt8(0xC0 | value >> 6))
      output.append(UInt8(0x80 | value & 0x3F))
    case ..<0x10000:
      output.append(UInt8(0xE0 | value >> 12))
      output.append(UInt8(0x80 | value >> 6 & 0x3F))
      output.append(UInt8(0x80 | value & 0x3F))
    default:
      output.append(UInt8(0xF0 | value >> 18))
      output.append(UInt8(0x80 | value >> 12 & 0x3F))
      output.append(UInt8(0x80 | value >> 6 & 0x3F))
      output.append(UInt8(0x80 | value & 0x3F))
    }
  }
}
