/// One scan (SOS) decoded into the frame's coefficients: baseline, or one of a
/// progressive image's passes (DC first and refining, AC first and refining, ITU T.81
/// annex G), with restart intervals.
struct JPEGScan {
  /// The scan's components, as indices into the frame's, with their tables.
  let components: [(index: Int, dc: Int, ac: Int)]
  let spectralStart: Int
  let spectralEnd: Int
  let approximationHigh: Int
  let approximationLow: Int

  /// Reads the SOS header.
  ///
  /// - Throws: ``ImageError/malformed(_:)`` for a header that does not fit the frame.
  init(_ data: ArraySlice<UInt8>, frame: JPEGFrame) throws(ImageError) {
    let bytes = Array(data)
    guard let count = bytes.first, (1...4).contains(count), bytes.count == 4 + Int(count) * 2
    else { throw .malformed("a JPEG scan header") }
    var components: [(Int, Int, Int)] = []
    for index in 0..<Int(count) {
      let id = bytes[1 + index * 2]
      let tables = bytes[2 + index * 2]
      guard let component = frame.components.firstIndex(where: { $0.id == id }),
        tables >> 4 < 4, tables & 0x0F < 4
      else { throw .malformed("a JPEG scan's component") }
      components.append((component, Int(tables >> 4), Int(tables & 0x0F)))
    }
    self.components = components
    let at = 1 + Int(count) * 2
    spectralStart = Int(bytes[at])
    spectralEnd = Int(bytes[at + 1])
    approximationHigh = Int(bytes[at + 2] >> 4)
    approximationLow = Int(bytes[at + 2] & 0x0F)
    guard spectralStart <= spectralEnd, spectralEnd < 64, approximationLow < 14,
      !frame.progressive || spectralStart == 0 || components.count == 1,
      // A progressive DC scan has DC alone (G.1.1.1.1): an AC coefficient is never written
      // into a block that keeps only its DC one.
      !frame.progressive || spectralStart > 0 || spectralEnd == 0
    else { throw .malformed("a JPEG scan's spectral selection") }
  }

  /// What the scan needs of one of its components, looked up once.
  private struct Part {
    let coefficients: JPEGCoefficients
    let blocksWide: Int
    let horizontal: Int
    let vertical: Int
    let dc: JPEGHuffman?
    let ac: JPEGHuffman?
    /// The last DC value, for the next block's difference.
    var predictor = 0
  }

  /// Decodes the scan's data from `index` into `frame`'s coefficients. A progressive AC
  /// scan of an image decoded at 1/8 (its DC coefficients alone) is skipped, not decoded.
  ///
  /// - Returns: Where the data ended (at the next marker).
  /// - Throws: ``ImageError``, the budget's among them (checked every row of blocks).
  func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, into frame: JPEGFrame,
    dcTables: [JPEGHuffman?], acTables: [JPEGHuffman?], restartInterval: Int,
    budget: DecodeBudget
  ) throws(ImageError) -> Int {
    var parts: [Part] = []
    for component in components {
      guard spectralStart > 0 || dcTables[component.dc] != nil || approximationHigh > 0,
        spectralEnd == 0 || acTables[component.ac] != nil
      else { throw .malformed("a JPEG scan without its Huffman table") }
      let frameComponent = frame.components[component.index]
      parts.append(
        Part(
          coefficients: frameComponent.coefficients, blocksWide: frameComponent.blocksWide,
          horizontal: frameComponent.horizontal, vertical: frameComponent.vertical,
          dc: dcTables[component.dc], ac: acTables[component.ac]))
    }
    if frame.progressive, spectralStart > 0, parts[0].coefficients.perBlock == 1 {
      return try JPEGBitReader.end(of: bytes, from: index, budget: budget)
    }
    var reader = JPEGBitReader(bytes, from: index)
    var endOfBands = 0
    let single = components.count == 1
    let component = frame.components[components[0].index]
    let unitsWide = single ? component.usedWide : frame.mcusWide
    let units = single ? unitsWide * component.usedHigh : unitsWide * frame.mcusHigh
    for unit in 0..<units {
      if unit % unitsWide == 0 { try budget.check() }
      if restartInterval > 0, unit > 0, unit % restartInterval == 0 {
        guard reader.restart() else { throw .malformed("a missing JPEG restart marker") }
        for index in parts.indices { parts[index].predictor = 0 }
        endOfBands = 0
      }
      if reader.isExhausted() { continue }  // cut short: up to the next restart, if any
      let (x, y) = (unit % unitsWide, unit / unitsWide)
      if single {
        try block(x, y, &parts[0], frame.progressive, &reader, &endOfBands)
      } else {
        for index in parts.indices {
          let (h, v) = (parts[index].horizontal, parts[index].vertical)
          for row in 0..<v {
            for column in 0..<h {
              try block(
                x * h + column, y * v + row, &parts[index], frame.progressive, &reader,
                &endOfBands)
            }
          }
        }
      }
    }
    return reader.index
  }

  @inline(__always)
  private func block(
    _ x: Int, _ y: Int, _ part: inout Part, _ progressive: Bool, _ reader: inout JPEGBitReader,
    _ endOfBands: inout Int
  ) throws(ImageError) {
    let coefficients = part.coefficients.block(y * part.blocksWide + x)
    if spectralStart == 0 {
      if approximationHigh == 0 {
        guard let table = part.dc else { throw .malformed("a JPEG DC table") }
        let size = try table.decode(&reader)
        guard size <= 11 else { throw .malformed("a JPEG DC difference") }
        part.predictor += reader.signed(size)
        coefficients[0] = Int16(truncatingIfNeeded: part.predictor << approximationLow)
      } else if reader.bit() == 1 {
        coefficients[0] |= Int16(truncatingIfNeeded: 1 << approximationLow)
      }
    }
    guard spectralEnd > 0, let table = part.ac else { return }
    if !progressive {
      try baselineAC(part.coefficients.perBlock == 64 ? coefficients : nil, table, &reader)
    } else if approximationHigh == 0 {
      try firstAC(coefficients, table, &reader, &endOfBands)
    } else {
      try refineAC(coefficients, table, &reader, &endOfBands)
    }
  }

  /// A baseline block's AC coefficients, kept in `coefficients` unless it is `nil` (only
  /// the DC ones are kept: they are decoded, to reach the next block, and dropped).
  private func baselineAC(
    _ coefficients: UnsafeMutablePointer<Int16>?, _ table: JPEGHuffman,
    _ reader: inout JPEGBitReader
  ) throws(ImageError) {
    var k = max(1, spectralStart)
    while k <= spectralEnd {
      let symbol = try table.decode(&reader)
      let (run, size) = (symbol >> 4, symbol & 0x0F)
      if size == 0 {
        if run != 15 { return }
        k += 16
        continue
      }
      k += run
      guard k <= 63 else { throw .malformed("a JPEG block past its 64 coefficients") }
      let value = reader.signed(size)
      coefficients?[k] = Int16(truncatingIfNeeded: value)
      k += 1
    }
  }

  private func firstAC(
    _ coefficients: UnsafeMutablePointer<Int16>, _ table: JPEGHuffman,
    _ reader: inout JPEGBitReader, _ endOfBands: inout Int
  ) throws(ImageError) {
    if endOfBands > 0 {
      endOfBands -= 1
      return
    }
    var k = spectralStart
    while k <= spectralEnd {
      let symbol = try table.decode(&reader)
      let (run, size) = (symbol >> 4, symbol & 0x0F)
      if size == 0 {
        if run < 15 {
          endOfBands = (1 << run) - 1 + reader.bits(run)
          return
        }
        k += 16
        continue
      }
      k += run
      guard k <= 63 else { throw .malformed("a JPEG block past its 64 coefficients") }
      coefficients[k] = Int16(truncatingIfNeeded: reader.signed(size) * (1 << approximationLow))
      k += 1
    }
  }

  /// AC successive approximation (G.1.2.3): a bit more for every coefficient already
  /// nonzero, and new ones of ±1 placed among the zeros.
  private func refineAC(
    _ coefficients: UnsafeMutablePointer<Int16>, _ table: JPEGHuffman,
    _ reader: inout JPEGBitReader, _ endOfBands: inout Int
  ) throws(ImageError) {
    let positive = Int16(truncatingIfNeeded: 1 << approximationLow)
    let negative = -positive
    var k = spectralStart
    func refine(_ index: Int, _ reader: inout JPEGBitReader) {
      let value = coefficients[index]
      if reader.bit() == 1, value & positive == 0 {
        coefficients[index] = value >= 0 ? value &+ positive : value &+ negative
      }
    }
    if endOfBands == 0 {
      while k <= spectralEnd {
        let symbol = try table.decode(&reader)
        var run = symbol >> 4
        let size = symbol & 0x0F
        var value: Int16 = 0
        if size == 0 {
          if run < 15 {
            endOfBands = (1 << run) + reader.bits(run)
            break
          }
        } else {
          guard size == 1 else { throw .malformed("a JPEG refinement of more than one bit") }
          value = reader.bit() == 1 ? positive : negative
        }
        while k <= spectralEnd {
          if coefficients[k] != 0 {
            refine(k, &reader)
          } else {
            if run == 0 {
              if value != 0 { coefficients[k] = value }
              k += 1
              break
            }
            run -= 1
          }
          k += 1
        }
      }
    }
    if endOfBands > 0 {
      while k <= spectralEnd {
        if coefficients[k] != 0 { refine(k, &reader) }
        k += 1
      }
      endOfBands -= 1
    }
  }
}
