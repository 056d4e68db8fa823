/// One DEFLATE stream's blocks (stored, fixed and dynamic codes) decoded into a buffer set
/// aside for the whole output: a byte past its end is refused, never followed.
struct Inflater {
  private let output: UnsafeMutableBufferPointer<UInt8>
  private let budget: DecodeBudget
  private(set) var written = 0
  /// Codes decoded before the budget is checked again.
  private static let checkEvery = 1 << 16

  init(output: UnsafeMutableBufferPointer<UInt8>, budget: DecodeBudget) {
    self.output = output
    self.budget = budget
  }

  /// Decompresses raw DEFLATE data from `reader`, to its last block.
  mutating func inflate(_ reader: inout BitReader) throws(ImageError) {
    var last = false
    while !last {
      try budget.check()
      last = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0: try stored(&reader)
      case 1: try compressed(&reader, Self.fixed)
      case 2: try compressed(&reader, try Self.dynamicCodes(&reader))
      default: throw .malformed("a DEFLATE block of type 3")
      }
    }
  }

  private mutating func stored(_ reader: inout BitReader) throws(ImageError) {
    reader.alignToByte()
    let header = try reader.bytes(4)
    let length = Int(header[0]) | Int(header[1]) << 8
    let check = Int(header[2]) | Int(header[3]) << 8
    guard length == ~check & 0xFFFF else { throw .malformed("a stored block's length") }
    guard written + length <= output.count else { throw .malformed("more data than the image") }
    let bytes = try reader.bytes(length)
    if length > 0, let to = output.baseAddress, let from = bytes.baseAddress {
      (to + written).update(from: from, count: length)
    }
    written += length
  }

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]

  /// The fixed codes of block type 1.
  private static let fixed: (HuffmanCode, HuffmanCode) = {
    let literals =
      [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
      + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
    // Valid by construction: these lengths are the RFC's.
    return (
      try! HuffmanCode(lengths: literals), try! HuffmanCode(lengths: [Int](repeating: 5, count: 30))
    )
  }()

  /// The order code lengths of the code-length code come in.
  private static let codeLengthOrder = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  private static func dynamicCodes(_ reader: inout BitReader) throws(ImageError)
    -> (HuffmanCode, HuffmanCode)
  {
    let literalCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeLengthCount = try reader.bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .malformed("a DEFLATE block with too many codes")
    }
    var codeLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
    let lengthCode = try HuffmanCode(lengths: codeLengths)
    var lengths: [Int] = []
    lengths.reserveCapacity(literalCount + distanceCount + 138)
    while lengths.count < literalCount + distanceCount {
      let symbol = try lengthCode.decode(&reader)
      switch symbol {
      case 0...15: lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw .malformed("a repeat with nothing before") }
        lengths += repeatElement(previous, count: 3 + (try reader.bits(2)))
      case 17: lengths += repeatElement(0, count: 3 + (try reader.bits(3)))
      default: lengths += repeatElement(0, count: 11 + (try reader.bits(7)))
      }
    }
    guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else {
      throw .malformed("a DEFLATE block's code lengths")
    }
    return (
      try HuffmanCode(lengths: Array(lengths[..<literalCount])),
      try HuffmanCode(lengths: Array(lengths[literalCount...]))
    )
  }

  private mutating func compressed(
    _ reader: inout BitReader, _ codes: (HuffmanCode, HuffmanCode)
  ) throws(ImageError) {
    let (literals, distances) = codes
    guard let out = output.baseAddress else {
      // Room for nothing: only an empty block fits.
      guard try literals.decode(&reader) == 256 else {
        throw .malformed("more data than the image")
      }
      return
    }
    let limit = output.count
    var untilCheck = Self.checkEvery
    while true {
      untilCheck -= 1
      if untilCheck == 0 {
        try budget.check()
        untilCheck = Self.checkEvery
      }
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        guard written < limit else { throw .malformed("more data than the image") }
        out[written] = UInt8(truncatingIfNeeded: symbol)
        written += 1
        continue
      }
      if symbol == 256 { return }
      let index = symbol - 257
      guard index < Self.lengthBase.count else { throw .malformed("a DEFLATE length code") }
      let length = Self.lengthBase[index] + (try reader.bits(Self.lengthExtra[index]))
      let code = try distances.decode(&reader)
      guard code < Self.distanceBase.count else { throw .malformed("a DEFLATE distance code") }
      let distance = Self.distanceBase[code] + (try reader.bits(Self.distanceExtra[code]))
      guard distance <= written else { throw .malformed("a distance before the start") }
      guard written + length <= limit else { throw .malformed("more data than the image") }
      // Byte by byte: a distance shorter than the length repeats what it has just written.
      var from = written - distance
      let end = written + length
      while written < end {
        out[written] = out[from]
        written += 1
        from += 1
      }
    }
  }
}
