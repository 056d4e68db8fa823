/// Decodes PNG (ISO/IEC 15948): every colour type and bit depth, Adam7 interlacing,
/// palettes with transparency, checked chunk CRCs; into 8-bit RGB, transparent parts laid
/// over black (a terminal's usual background).
enum PNGDecoder {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// - Throws: ``ImageError``: ``ImageError/tooLarge(width:height:)`` before any pixel
  ///   data is read when the image has more pixels than `options` allow.
  static func decode(_ bytes: [UInt8], options: DecodeOptions, budget: DecodeBudget)
    throws(ImageError) -> RGBImage
  {
    var chunks = PNGChunks(bytes)
    guard let first = try chunks.next(), first.type == "IHDR" else {
      throw .malformed("a PNG that does not start with its header")
    }
    let header = try PNGHeader(first.data)
    guard header.width * header.height <= options.maxPixels else {
      throw .tooLarge(width: header.width, height: header.height)
    }
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var compressed: [UInt8] = []
    var ended = false
    while let chunk = try chunks.next() {
      switch chunk.type {
      case "PLTE": palette = Array(chunk.data)
      case "tRNS": transparency = Array(chunk.data)
      case "IDAT":
        guard compressed.count + chunk.data.count <= header.decompressedSize + 1 << 20 else {
          throw .malformed("more compressed data than the image could need")
        }
        compressed += chunk.data
      case "IEND": ended = true
      default:
        // An unknown critical chunk (upper-case first letter) means the image cannot be
        // shown right; ancillary ones may be skipped.
        if let first = chunk.type.utf8.first, first < 0x61 {
          throw .unsupported("the PNG chunk \(chunk.type)")
        }
      }
      if ended { break }
    }
    guard !compressed.isEmpty else { throw .truncated }
    if header.colorType == .palette {
      guard !palette.isEmpty, palette.count % 3 == 0, palette.count <= 768 else {
        throw .malformed("the PNG palette")
      }
    }
    try budget.check()
    var raw = try Inflate.zlib(compressed, limit: header.decompressedSize, budget: budget)
    guard raw.count == header.decompressedSize else { throw .truncated }
    let samples = PNGSamples(header: header, palette: palette, transparency: transparency)
    var pixels = [UInt8](repeating: 0, count: header.width * header.height * 3)
    try raw.withUnsafeMutableBufferPointer { (raw) throws(ImageError) in
      try pixels.withUnsafeMutableBufferPointer { (pixels) throws(ImageError) in
        try unfilterAndWrite(raw, header, samples, into: pixels, budget: budget)
      }
    }
    return RGBImage(width: header.width, height: header.height, pixels: pixels)
  }

  /// Each pass's rows unfiltered in place, then laid out as pixels where the pass puts them.
  private static func unfilterAndWrite(
    _ raw: UnsafeMutableBufferPointer<UInt8>, _ header: PNGHeader, _ samples: PNGSamples,
    into pixels: UnsafeMutableBufferPointer<UInt8>, budget: DecodeBudget
  ) throws(ImageError) {
    guard let base = raw.baseAddress, let out = pixels.baseAddress else { return }
    var offset = 0
    for pass in header.passes where pass.width > 0 && pass.height > 0 {
      let rowBytes = header.rowBytes(pass.width)
      try PNGFilter.unfilter(
        raw, from: offset, rows: pass.height, rowBytes: rowBytes,
        bytesPerPixel: max(1, header.bitsPerPixel / 8), budget: budget)
      for row in 0..<pass.height {
        samples.write(
          row: base + offset + row * (rowBytes + 1) + 1, count: pass.width, into: out, x: pass.x,
          y: pass.y + row * pass.dy, step: pass.dx)
      }
      offset += pass.height * (1 + rowBytes)
    }
  }
}

/// The chunks of a PNG after its signature, each checked against its CRC.
struct PNGChunks {
  private let bytes: [UInt8]
  private var index = PNGDecoder.signature.count

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() throws(ImageError) -> (type: String, data: ArraySlice<UInt8>)? {
    guard index < bytes.count else { return nil }
    guard bytes.count - index >= 12 else { throw .truncated }
    let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
    guard length <= 0x7FFF_FFFF, length <= bytes.count - index - 12 else { throw .truncated }
    let typeBytes = bytes[index + 4..<index + 8]
    guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
      throw .malformed("a PNG chunk type")
    }
    let data = bytes[index + 8..<index + 8 + length]
    let stored = bytes[index + 8 + length..<index + 12 + length].reduce(UInt32(0)) {
      $0 << 8 | UInt32($1)
    }
    guard CRC32.checksum(bytes[index + 4..<index + 8 + length]) == stored else {
      throw .malformed("the CRC of a PNG chunk")
    }
    index += 12 + length
    return (String(decoding: typeBytes, as: UTF8.self), data)
  }
}
