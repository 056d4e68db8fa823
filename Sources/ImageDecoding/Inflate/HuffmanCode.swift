/// A canonical Huffman code (RFC 1951, 3.2.2) from the length of each symbol's code. Codes
/// of up to ``fastBits`` bits are found in one lookup of the next bits; longer ones (rare)
/// and codes the table lacks are decoded a bit at a time from the counts per length.
struct HuffmanCode {
  static let fastBits = 10
  /// By the next `fastBits` bits: the symbol << 4 | its code's length, or 0 when the code
  /// is longer (or missing).
  private var fast = [UInt16](repeating: 0, count: 1 << fastBits)
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
    fillFastTable()
  }

  /// Every code of up to `fastBits` bits, at each index whose low bits are the code read
  /// first bit first (the bits reversed, as DEFLATE sends a code's top bit first).
  private mutating func fillFastTable() {
    var code = 0
    var index = 0
    for length in 1...Self.fastBits {
      for _ in 0..<counts[length] {
        var reversed = 0
        for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
        let entry = UInt16(symbols[index] << 4 | length)
        var at = reversed
        while at < 1 << Self.fastBits {
          fast[at] = entry
          at += 1 << length
        }
        code += 1
        index += 1
      }
      code <<= 1
    }
  }

  /// The next symbol.
  ///
  /// - Throws: ``ImageError/truncated``, or ``ImageError/malformed(_:)`` for a code the
  ///   table does not have (an incomplete code).
  @inline(__always)
  func decode(_ reader: inout BitReader) throws(ImageError) -> Int {
    reader.refill()
    let entry = Int(fast[Int(reader.peek & UInt64((1 << Self.fastBits) - 1))])
    guard entry != 0 else { return try decodeSlowly(&reader) }
    try reader.consume(entry & 0x0F)
    return entry >> 4
  }

  private func decodeSlowly(_ reader: inout BitReader) throws(ImageError) -> Int {
    let bits = reader.peek
    var code = 0
    var first = 0
    var index = 0
    for length in 1..<16 {
      code |= Int((bits >> UInt64(length - 1)) & 1)
      let count = counts[length]
      if code - count < first {
        try reader.consume(length)
        return symbols[index + (code - first)]
      }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    // A code cut by the end of the data is a short stream, not a wrong code.
    if reader.available < 15 { throw .truncated }
    throw .malformed("a Huffman code that is not in its table")
  }
}
