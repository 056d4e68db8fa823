/// Turns a row's samples, of any colour type and depth, into RGB pixels of the image,
/// transparent parts laid over black: 8-bit samples by a loop of their own for each colour
/// type, other depths a sample at a time.
struct PNGSamples {
  let header: PNGHeader
  let palette: [UInt8]
  let transparency: [UInt8]
  /// The raw gray or RGB sample values tRNS makes transparent, when it names one.
  private let transparentColor: (Int, Int, Int)?

  init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]) {
    self.header = header
    self.palette = palette
    self.transparency = transparency
    let channels = header.colorType == .gray ? 1 : 3
    if header.colorType == .gray || header.colorType == .rgb,
      transparency.count == channels * 2
    {
      let values = (0..<channels).map {
        Int(transparency[$0 * 2]) << 8 | Int(transparency[$0 * 2 + 1])
      }
      transparentColor = channels == 1 ? (values[0], -1, -1) : (values[0], values[1], values[2])
    } else {
      transparentColor = nil
    }
  }

  /// Writes the `count` pixels of an unfiltered row to `pixels` (an image `header.width`
  /// wide), the first at (`x`, `y`), each next one `step` columns on.
  func write(
    row: UnsafePointer<UInt8>, count: Int, into pixels: UnsafeMutablePointer<UInt8>, x: Int,
    y: Int, step: Int
  ) {
    let first = (y * header.width + x) * 3
    let stride = step * 3
    guard header.depth == 8 else {
      for index in 0..<count { put(rgba(pixel: index, of: row), pixels + first + index * stride) }
      return
    }
    switch header.colorType {
    case .rgb where transparentColor == nil:
      for index in 0..<count {
        let (from, to) = (row + index * 3, pixels + first + index * stride)
        (to[0], to[1], to[2]) = (from[0], from[1], from[2])
      }
    case .rgba:
      for index in 0..<count {
        let from = row + index * 4
        put(
          (Int(from[0]), Int(from[1]), Int(from[2]), Int(from[3])), pixels + first + index * stride)
      }
    case .gray where transparentColor == nil:
      for index in 0..<count {
        let (gray, to) = (row[index], pixels + first + index * stride)
        (to[0], to[1], to[2]) = (gray, gray, gray)
      }
    case .grayAlpha:
      for index in 0..<count {
        let (gray, alpha) = (Int(row[index * 2]), Int(row[index * 2 + 1]))
        put((gray, gray, gray, alpha), pixels + first + index * stride)
      }
    default:
      for index in 0..<count { put(rgba(pixel: index, of: row), pixels + first + index * stride) }
    }
  }

  /// One pixel over black: a transparent part shows the terminal's background, as it would.
  @inline(__always)
  private func put(_ pixel: (Int, Int, Int, Int), _ to: UnsafeMutablePointer<UInt8>) {
    let (red, green, blue, alpha) = pixel
    if alpha == 255 {
      (to[0], to[1], to[2]) = (UInt8(red), UInt8(green), UInt8(blue))
    } else {
      (to[0], to[1], to[2]) =
        (UInt8(red * alpha / 255), UInt8(green * alpha / 255), UInt8(blue * alpha / 255))
    }
  }

  /// Sample `channel` of pixel `index`, scaled to 0...255 (and its raw value).
  @inline(__always)
  private func sample(_ index: Int, channel: Int, of row: UnsafePointer<UInt8>) -> (Int, Int) {
    let depth = header.depth
    let position = index * header.colorType.channels + channel
    switch depth {
    case 16:
      let value = Int(row[position * 2]) << 8 | Int(row[position * 2 + 1])
      return (value >> 8, value)
    case 8:
      let value = Int(row[position])
      return (value, value)
    default:
      let bit = position * depth
      let byte = Int(row[bit / 8])
      let value = (byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
      return (value * 255 / ((1 << depth) - 1), value)
    }
  }

  private func rgba(pixel index: Int, of row: UnsafePointer<UInt8>) -> (Int, Int, Int, Int) {
    switch header.colorType {
    case .gray:
      let (gray, raw) = sample(index, channel: 0, of: row)
      return (gray, gray, gray, transparentColor?.0 == raw ? 0 : 255)
    case .grayAlpha:
      let gray = sample(index, channel: 0, of: row).0
      return (gray, gray, gray, sample(index, channel: 1, of: row).0)
    case .rgb:
      let (red, green, blue) = (
        sample(index, channel: 0, of: row), sample(index, channel: 1, of: row),
        sample(index, channel: 2, of: row)
      )
      let transparent = transparentColor.map { $0 == (red.1, green.1, blue.1) } ?? false
      return (red.0, green.0, blue.0, transparent ? 0 : 255)
    case .rgba:
      return (
        sample(index, channel: 0, of: row).0, sample(index, channel: 1, of: row).0,
        sample(index, channel: 2, of: row).0, sample(index, channel: 3, of: row).0
      )
    case .palette:
      let entry = sample(index, channel: 0, of: row).1
      guard entry * 3 + 2 < palette.count else { return (0, 0, 0, 255) }  // out of the palette
      let alpha = entry < transparency.count ? Int(transparency[entry]) : 255
      return (
        Int(palette[entry * 3]), Int(palette[entry * 3 + 1]), Int(palette[entry * 3 + 2]), alpha
      )
    }
  }
}
