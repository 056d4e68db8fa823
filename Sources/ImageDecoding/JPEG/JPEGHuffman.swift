/// A JPEG Huffman table (ITU T.81, annex C): codes of up to ``fastBits`` bits found in one
/// lookup of the next bits, longer ones with the largest code of each length, as F.2.2.3
/// does.
struct JPEGHuffman {
  static let fastBits = 9
  /// By the next `fastBits` bits: the symbol << 8 | its code's length; 0 when longer.
  private var fast = [UInt16](repeating: 0, count: 1 << fastBits)
  private var maxCode = [Int](repeating: -1, count: 18)
  private var valueOffset = [Int](repeating: 0, count: 18)
  private let values: [UInt8]

  /// - Parameters:
  ///   - counts: Codes of each length 1 to 16.
  ///   - values: The symbols in code order.
  /// - Throws: ``ImageError/malformed(_:)`` when the counts overflow their lengths.
  init(counts: [Int], values: [UInt8]) throws(ImageError) {
    self.values = values
    var code = 0
    var index = 0
    for length in 1...16 {
      let count = counts[length - 1]
      valueOffset[length] = index - code
      guard code + count <= 1 << length else { throw .malformed("a JPEG Huffman table") }
      if length <= Self.fastBits {
        for offset in 0..<count where index + offset < values.count {
          // Every 9-bit pattern that starts with this code.
          let first = (code + offset) << (Self.fastBits - length)
          let entry = UInt16(values[index + offset]) << 8 | UInt16(length)
          for pattern in first..<min(1 << Self.fastBits, first + 1 << (Self.fastBits - length)) {
            fast[pattern] = entry
          }
        }
      }
      code += count
      index += count
      maxCode[length] = count > 0 ? code - 1 : -1
      code <<= 1
    }
    maxCode[17] = Int.max
  }

  /// The next symbol.
  ///
  /// - Throws: ``ImageError/malformed(_:)`` for a code the table does not have.
  @inline(__always)
  func decode(_ reader: inout JPEGBitReader) throws(ImageError) -> Int {
    let next = reader.peek16()
    let entry = Int(fast[next >> (16 - Self.fastBits)])
    guard entry != 0 else { return try decodeSlowly(next, &reader) }
    reader.consume(entry & 0xFF)
    return entry >> 8
  }

  private func decodeSlowly(_ next: Int, _ reader: inout JPEGBitReader) throws(ImageError) -> Int {
    for length in 1...16 {
      let code = next >> (16 - length)
      if code <= maxCode[length] {
        let index = code + valueOffset[length]
        guard index >= 0, index < values.count else { break }
        reader.consume(length)
        return Int(values[index])
      }
    }
    throw .malformed("a JPEG Huffman code that is not in its table")
  }
}
