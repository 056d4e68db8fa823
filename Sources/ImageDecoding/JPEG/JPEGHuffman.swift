/// A JPEG Huffman table (ITU T.81, annex C): decoded with the largest code of each
/// length, as F.2.2.3 does.
struct JPEGHuffman {
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
      code += count
      index += count
      maxCode[length] = count > 0 ? code - 1 : -1
      guard code <= 1 << length else { throw .malformed("a JPEG Huffman table") }
      code <<= 1
    }
    maxCode[17] = Int.max
  }

  /// The next symbol.
  ///
  /// - Throws: ``ImageError/malformed(_:)`` for a code the table does not have.
  func decode(_ reader: inout JPEGBitReader) throws(ImageError) -> Int {
    var code = reader.bit()
    for length in 1...16 {
      if code <= maxCode[length] {
        let index = code + valueOffset[length]
        guard index >= 0, index < values.count else { break }
        return Int(values[index])
      }
      code = code << 1 | reader.bit()
    }
    throw .malformed("a JPEG Huffman code that is not in its table")
  }
}
