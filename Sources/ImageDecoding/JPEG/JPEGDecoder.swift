/// Decodes JPEG (ITU T.81 / JFIF): baseline and progressive Huffman-coded 8-bit images,
/// grayscale or YCbCr with any sampling (4:4:4, 4:2:2, 4:2:0, …), restart intervals; into
/// RGB. Arithmetic coding, lossless and hierarchical JPEG, 12-bit samples and CMYK are
/// refused as unsupported.
enum JPEGDecoder {
  static let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

  /// - Throws: ``ImageError``, the budget's among them.
  static func decode(_ bytes: [UInt8], options: DecodeOptions, budget: DecodeBudget)
    throws(ImageError) -> RGBImage
  {
    try bytes.withUnsafeBufferPointer { (bytes) throws(ImageError) in
      try decode(bytes, options: options, budget: budget)
    }
  }

  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, options: DecodeOptions, budget: DecodeBudget
  ) throws(ImageError) -> RGBImage {
    var index = 2
    var quantization = [[Int32]?](repeating: nil, count: 4)
    var dcTables = [JPEGHuffman?](repeating: nil, count: 4)
    var acTables = [JPEGHuffman?](repeating: nil, count: 4)
    var restartInterval = 0
    var frame: JPEGFrame?
    var adobeRGB = false
    var scans = 0
    while true {
      // Fill bytes (0xFF runs) may stand before a marker.
      while index < bytes.count, bytes[index] == 0xFF, index + 1 < bytes.count,
        bytes[index + 1] == 0xFF
      {
        index += 1
      }
      guard index + 1 < bytes.count else { break }  // no EOI: what was read is the image
      guard bytes[index] == 0xFF else { throw .malformed("a JPEG marker") }
      let marker = bytes[index + 1]
      index += 2
      if marker == 0xD9 { break }
      if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
      guard index + 2 <= bytes.count else { throw .truncated }
      let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
      guard length >= 2, index + length <= bytes.count else { throw .truncated }
      let segment = ArraySlice(bytes[(index + 2)..<(index + length)])
      index += length
      switch marker {
      case 0xDB: try readQuantization(segment, into: &quantization)
      case 0xC4: try readHuffman(segment, dc: &dcTables, ac: &acTables)
      case 0xDD:
        guard segment.count >= 2 else { throw .truncated }
        restartInterval =
          Int(segment[segment.startIndex]) << 8 | Int(segment[segment.startIndex + 1])
      case 0xC0, 0xC1, 0xC2:
        guard frame == nil else { throw .malformed("a JPEG with two frames") }
        frame = try JPEGFrame(segment, progressive: marker == 0xC2, options: options)
      case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
        throw .unsupported("lossless, hierarchical or arithmetic-coded JPEG")
      case 0xEE:
        // Adobe's APP14: transform 0 means the three components are RGB, not YCbCr.
        adobeRGB = segment.count >= 12 && segment.starts(with: "Adobe".utf8) && segment.last == 0
      case 0xDA:
        guard let frame else { throw .malformed("a JPEG scan before its frame") }
        // A progressive image has about ten scans; thousands would each walk every block.
        scans += 1
        guard scans <= 100 else { throw .malformed("a JPEG with more than 100 scans") }
        let scan = try JPEGScan(segment, frame: frame)
        index = try scan.decode(
          bytes, from: index, into: frame, dcTables: dcTables, acTables: acTables,
          restartInterval: restartInterval, budget: budget)
      default: break  // APPn, COM and others: nothing the pixels need
      }
    }
    guard let frame else { throw .truncated }
    return try JPEGPixels.image(
      of: frame, quantization: quantization, rgb: adobeRGB, budget: budget)
  }

  private static func readQuantization(
    _ segment: ArraySlice<UInt8>, into tables: inout [[Int32]?]
  ) throws(ImageError) {
    var at = segment.startIndex
    while at < segment.endIndex {
      let precision = Int(segment[at] >> 4)
      let id = Int(segment[at] & 0x0F)
      at += 1
      guard id < 4, precision <= 1, segment.endIndex - at >= 64 * (precision + 1) else {
        throw .malformed("a JPEG quantisation table")
      }
      var table = [Int32](repeating: 0, count: 64)
      for k in 0..<64 {
        table[k] =
          precision == 0
          ? Int32(segment[at + k])
          : Int32(segment[at + 2 * k]) << 8 | Int32(segment[at + 2 * k + 1])
      }
      at += 64 * (precision + 1)
      tables[id] = table
    }
  }

  private static func readHuffman(
    _ segment: ArraySlice<UInt8>, dc: inout [JPEGHuffman?], ac: inout [JPEGHuffman?]
  ) throws(ImageError) {
    var at = segment.startIndex
    while at < segment.endIndex {
      guard segment.endIndex - at >= 17 else { throw .truncated }
      let kind = segment[at] >> 4
      let id = Int(segment[at] & 0x0F)
      guard kind <= 1, id < 4 else { throw .malformed("a JPEG Huffman table's class or id") }
      let counts = segment[(at + 1)..<(at + 17)].map(Int.init)
      let total = counts.reduce(0, +)
      at += 17
      guard total <= 256, segment.endIndex - at >= total else { throw .truncated }
      let table = try JPEGHuffman(counts: counts, values: Array(segment[at..<(at + total)]))
      at += total
      if kind == 0 { dc[id] = table } else { ac[id] = table }
    }
  }
}
