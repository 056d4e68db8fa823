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
      !frame.progressive || spectralStart == 0 || components.count == 1
    else { throw .malformed("a JPEG scan's spectral selection") }
  }

  /// Decodes the scan's data from `index` into `frame`.
  ///
  /// - Returns: Where the data ended (at the next marker).
  /// - Throws: ``ImageError``.
  func decode(
    _ bytes: [UInt8], from index: Int, into frame: inout JPEGFrame,
    dcTables: [JPEGHuffman?], acTables: [JPEGHuffman?], restartInterval: Int
  ) throws(ImageError) -> Int {
    var reader = JPEGBitReader(bytes, from: index)
    for component in components {
      frame.components[component.index].predictor = 0
      guard spectralStart > 0 || dcTables[component.dc] != nil || approximationHigh > 0,
        spectralEnd == 0 || acTables[component.ac] != nil
      else { throw .malformed("a JPEG scan without its Huffman table") }
    }
    var endOfBands = 0
    let single = components.count == 1
    let component = frame.components[components[0].index]
    let units =
      single ? component.usedWide * component.usedHigh : frame.mcusWide * frame.mcusHigh
    for unit in 0..<units {
      if restartInterval > 0, unit > 0, unit % restartInterval == 0 {
        guard reader.restart() else { throw .malformed("a missing JPEG restart marker") }
        for component in components { frame.components[component.index].predictor = 0 }
        endOfBands = 0
      }
      if single {
        let (x, y) = (unit % component.usedWide, unit / component.usedWide)
        try block(x, y, components[0], &frame, &reader, dcTables, acTables, &endOfBands)
      } else {
        let (mcuX, mcuY) = (unit % frame.mcusWide, unit / frame.mcusWide)
        for scanned in components {
          let part = frame.components[scanned.index]
          for v in 0..<part.vertical {
            for h in 0..<part.horizontal {
              try block(
                mcuX * part.horizontal + h, mcuY * part.vertical + v, scanned, &frame, &reader,
                dcTables, acTables, &endOfBands)
            }
          }
        }
      }
    }
    return reader.index
  }

  private func block(
    _ x: Int, _ y: Int, _ scanned: (index: Int, dc: Int, ac: Int), _ frame: inout JPEGFrame,
    _ reader: inout JPEGBitReader, _ dcTables: [JPEGHuffman?], _ acTables: [JPEGHuffman?],
    _ endOfBands: inout Int
  ) throws(ImageError) {
    let base = (y * frame.components[scanned.index].blocksWide + x) * 64
    if spectralStart == 0 {
      if approximationHigh == 0 {
        guard let table = dcTables[scanned.dc] else { throw .malformed("a JPEG DC table") }
        let size = try table.decode(&reader)
        guard size <= 11 else { throw .malformed("a JPEG DC difference") }
        frame.components[scanned.index].predictor += reader.signed(size)
        let value = frame.components[scanned.index].predictor << approximationLow
        frame.components[scanned.index].coefficients[base] = Int32(truncatingIfNeeded: value)
      } else if reader.bit() == 1 {
        frame.components[scanned.index].coefficients[base] |= Int32(1 << approximationLow)
      }
    }
    guard spectralEnd > 0, let table = acTables[scanned.ac] else { return }
    let progressive = frame.progressive
    try frame.components[scanned.index].coefficients.withUnsafeMutableBufferPointer {
      (coefficients) throws(ImageError) in
      if !progressive {
        try baselineAC(coefficients, base, table, &reader)
      } else if approximationHigh == 0 {
        try firstAC(coefficients, base, table, &reader, &endOfBands)
      } else {
        try refineAC(coefficients, base, table, &reader, &endOfBands)
      }
    }
  }

  private func baselineAC(
    _ coefficients: UnsafeMutableBufferPointer<Int32>, _ base: Int, _ table: JPEGHuffman,
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
      coefficients[base + k] = Int32(reader.signed(size))
      k += 1
    }
  }

  private func firstAC(
    _ coefficients: UnsafeMutableBufferPointer<Int32>, _ base: Int, _ table: JPEGHuffman,
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
      coefficients[base + k] = Int32(reader.signed(size) * (1 << approximationLow))
      k += 1
    }
  }

  /// AC successive approximation (G.1.2.3): a bit more for every coefficient already
  /// nonzero, and new ones of ±1 placed among the zeros.
  private func refineAC(
    _ coefficients: UnsafeMutableBufferPointer<Int32>, _ base: Int, _ table: JPEGHuffman,
    _ reader: inout JPEGBitReader, _ endOfBands: inout Int
  ) throws(ImageError) {
    let positive = Int32(1 << approximationLow)
    let negative = -positive
    var k = spectralStart
    func refine(_ index: Int, _ reader: inout JPEGBitReader) {
      let value = coefficients[base + index]
      if reader.bit() == 1, value & positive == 0 {
        coefficients[base + index] = value >= 0 ? value + positive : value + negative
      }
    }
    if endOfBands == 0 {
      while k <= spectralEnd {
        let symbol = try table.decode(&reader)
        var run = symbol >> 4
        let size = symbol & 0x0F
        var value: Int32 = 0
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
          if coefficients[base + k] != 0 {
            refine(k, &reader)
          } else {
            if run == 0 {
              if value != 0 { coefficients[base + k] = value }
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
        if coefficients[base + k] != 0 { refine(k, &reader) }
        k += 1
      }
      endOfBands -= 1
    }
  }
}
