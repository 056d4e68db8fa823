/// Turns a row's samples, of any colour type and depth, into RGB pixels of the image.
struct PNGSamples {
  let header: PNGHeader
  let palette: [UInt8]
  let transparency: [UInt8]
  private(set) var image: RGBImage

  init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]) {
    self.header = header
    self.palette = palette
    self.transparency = transparency
    image = RGBImage(
      width: header.width, height: header.height,
      pixels: [UInt8](repeating: 0, count: header.width * header.height * 3))
  }

  /// Writes pixel `index` of an unfiltered row at (`x`, `y`).
  mutating func write(pixel index: Int, of row: ArraySlice<UInt8>, toX x: Int, y: Int) {
    let (red, green, blue, alpha) = rgba(pixel: index, of: row)
    let out = (y * header.width + x) * 3
    // Over black: a transparent part shows the terminal's background, as it would.
    image.pixels[out] = UInt8(red * alpha / 255)
    image.pixels[out + 1] = UInt8(green * alpha / 255)
    image.pixels[out + 2] = UInt8(blue * alpha / 255)
  }

  /// Sample `channel` of pixel `index`, scaled to 0...255 (and its raw value).
  private func sample(_ index: Int, channel: Int, of row: ArraySlice<UInt8>) -> (Int, Int) {
    let depth = header.depth
    let position = index * header.colorType.channels + channel
    let base = row.startIndex
    switch depth {
    case 16:
      let value = Int(row[base + position * 2]) << 8 | Int(row[base + position * 2 + 1])
      return (value >> 8, value)
    case 8:
      let value = Int(row[base + position])
      return (value, value)
    default:
      let bit = position * depth
      let byte = Int(row[base + bit / 8])
      let value = (byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
      return (value * 255 / ((1 << depth) - 1), value)
    }
  }

  private func rgba(pixel index: Int, of row: ArraySlice<UInt8>) -> (Int, Int, Int, Int) {
    switch header.colorType {
    case .gray:
      let (gray, raw) = sample(index, channel: 0, of: row)
      return (gray, gray, gray, matchesTransparentColor([raw]) ? 0 : 255)
    case .grayAlpha:
      let gray = sample(index, channel: 0, of: row).0
      return (gray, gray, gray, sample(index, channel: 1, of: row).0)
    case .rgb:
      let channels = (0..<3).map { sample(index, channel: $0, of: row) }
      let alpha = matchesTransparentColor(channels.map(\.1)) ? 0 : 255
      return (channels[0].0, channels[1].0, channels[2].0, alpha)
    case .rgba:
      let channels = (0..<4).map { sample(index, channel: $0, of: row).0 }
      return (channels[0], channels[1], channels[2], channels[3])
    case .palette:
      let entry = sample(index, channel: 0, of: row).1
      guard entry * 3 + 2 < palette.count else { return (0, 0, 0, 255) }  // out of the palette
      let alpha = entry < transparency.count ? Int(transparency[entry]) : 255
      return (
        Int(palette[entry * 3]), Int(palette[entry * 3 + 1]), Int(palette[entry * 3 + 2]), alpha
      )
    }
  }

  /// Whether raw samples are the one colour tRNS makes transparent (gray or RGB images).
  private func matchesTransparentColor(_ raw: [Int]) -> Bool {
    guard transparency.count == raw.count * 2 else { return false }
    return raw.enumerated().allSatisfy { channel, value in
      (Int(transparency[channel * 2]) << 8 | Int(transparency[channel * 2 + 1])) == value
    }
  }
}
