/// DEFLATE (RFC 1951) and its zlib wrapper (RFC 1950), as PNG compresses its pixels.
public enum Inflate {
  /// Decompresses a zlib stream, checking its header and Adler-32.
  ///
  /// - Parameter limit: The most bytes the output may have: the caller knows how many it
  ///   expects, and a stream that would give more is refused rather than followed.
  /// - Throws: ``ImageError``.
  public static func zlib(_ data: [UInt8], limit: Int) throws(ImageError) -> [UInt8] {
    guard data.count >= 6 else { throw .truncated }
    let method = data[0] & 0x0F
    let window = data[0] >> 4
    guard method == 8, window <= 7, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0 else {
      throw .malformed("a zlib header")
    }
    guard data[1] & 0x20 == 0 else { throw .unsupported("a preset zlib dictionary") }
    var reader = BitReader(data, from: 2)
    let output = try deflate(&reader, limit: limit)
    reader.alignToByte()
    let trailer = try reader.bytes(4)
    let expected = trailer.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard adler32(output) == expected else { throw .malformed("the zlib checksum") }
    return output
  }

  /// Decompresses raw DEFLATE data from `reader`.
  static func deflate(_ reader: inout BitReader, limit: Int) throws(ImageError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(min(limit, 1 << 20))
    var last = false
    while !last {
      last = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0: try stored(&reader, into: &output, limit: limit)
      case 1: try compressed(&reader, Self.fixed, into: &output, limit: limit)
      case 2: try compressed(&reader, try dynamicCodes(&reader), into: &output, limit: limit)
      default: throw .malformed("a DEFLATE block of type 3")
      }
    }
    return output
  }

  private static func stored(
    _ reader: inout BitReader, into output: inout [UInt8], limit: Int
  ) throws(ImageError) {
    reader.alignToByte()
    let header = try reader.bytes(4)
    let length = Int(header[header.startIndex]) | Int(header[header.startIndex + 1]) << 8
    let check = Int(header[header.startIndex + 2]) | Int(header[header.startIndex + 3]) << 8
    guard length == ~check & 0xFFFF else { throw .malformed("a stored block's length") }
    guard output.count + length <= limit else { throw .malformed("more data than the image") }
    output += try reader.bytes(length)
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
    while lengths.count < literalCount + distanceCount {
      let symbol = try lengthCode.decode(&reader)
      switch symbol {
      case 0...15: lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw .malformed("a repeat with nothing before") }
        lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
      case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
      default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
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

  private static func compressed(
    _ reader: inout BitReader, _ codes: (HuffmanCode, HuffmanCode), into output: inout [UInt8],
    limit: Int
  ) throws(ImageError) {
    let (literals, distances) = codes
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        guard output.count < limit else { throw .malformed("more data than the image") }
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let index = symbol - 257
      guard index < lengthBase.count else { throw .malformed("a DEFLATE length code") }
      let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
      let code = try distances.decode(&reader)
      guard code < distanceBase.count else { throw .malformed("a DEFLATE distance code") }
      let distance = distanceBase[code] + (try reader.bits(distanceExtra[code]))
      guard distance <= output.count else { throw .malformed("a distance before the start") }
      guard output.count + length <= limit else { throw .malformed("more data than the image") }
      let start = output.count - distance
      for offset in 0..<length { output.append(output[start + offset]) }
    }
  }

  /// Adler-32 of `bytes` (RFC 1950).
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < bytes.count {
      let end = min(index + 5552, bytes.count)  // the most bytes before the sums can overflow
      for byte in bytes[index..<end] {
        a += UInt32(byte)
        b += a
      }
      a %= 65521
      b %= 65521
      index = end
    }
    return b << 16 | a
  }
}
