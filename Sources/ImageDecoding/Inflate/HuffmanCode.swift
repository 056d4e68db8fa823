/// A canonical Huffman code (RFC 1951, 3.2.2) from the length of each symbol's code,
/// decoded a bit at a time: counts per length, and the symbols in code order.
struct HuffmanCode {
  private var counts = [Int](repeating: 0, count: 16)
  private var symbols: [Int]

  /// - Throws: ``ImageError/malformed(_:)`` when the lengths oversubscribe the code.
  init(lengths: [Int]) throws(ImageError) {
    for length in lengths { counts[length] += 1 }
    counts[0] = 0
    var left = 1
    for length in 1..<16 {
      left = left * 2 - counts[length]
      guard left >= 0 else { throw .malformed("a Huffman code with too many codes") }
    }
    var offsets = [Int](repeating: 0, count: 16)
    for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
    symbols = [Int](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length != 0 {
      symbols[offsets[length]] = symbol
      offsets[length] += 1
    }
  }

  /// The next symbol.
  ///
  /// - Throws: ``ImageError/truncated``, or ``ImageError/malformed(_:)`` for a code the
  ///   table does not have (an incomplete code).
  func decode(_ reader: inout BitReader) throws(ImageError) -> Int {
    var code = 0
    var first = 0
    var index = 0
    for length in 1..<16 {
      code |= try reader.bits(1)
      let count = counts[length]
      if code - count < first { return symbols[index + (code - first)] }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw .malformed("a Huffman code that is not in its table")
  }
}
