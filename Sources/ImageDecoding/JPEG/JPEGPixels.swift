#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// From a frame's coefficients to RGB: dequantise, inverse DCT, upsample the chroma to
/// full size, convert YCbCr (JFIF) to RGB.
enum JPEGPixels {
  /// Zigzag position k → natural (row-major) position in the 8×8 block.
  static let zigzag: [Int] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27,
    20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58,
    59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
  ]

  /// cos((2x + 1) u π / 16) × C(u) / 2, for the separable inverse DCT.
  private static let basis: [Double] = (0..<64).map { index in
    let (x, u) = (index / 8, index % 8)
    let scale: Double = u == 0 ? 1 / 2.0.squareRoot() : 1.0
    let angle = Double(2 * x + 1) * Double(u) * Double.pi / 16
    return scale * cos(angle) / 2
  }

  static func image(of frame: JPEGFrame, quantization: [[Int32]?], rgb: Bool) throws(ImageError)
    -> RGBImage
  {
    let planes = try frame.components.map { (component) throws(ImageError) -> [UInt8] in
      guard let table = quantization[component.quantization] else {
        throw ImageError.malformed("a JPEG component without its quantisation table")
      }
      return plane(component, table)
    }
    var pixels = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let samples = frame.components.indices.map { index -> Double in
          sample(planes[index], frame.components[index], frame, x: x, y: y)
        }
        let out = (y * frame.width + x) * 3
        if samples.count == 1 {
          let gray = clamp(samples[0])
          (pixels[out], pixels[out + 1], pixels[out + 2]) = (gray, gray, gray)
        } else if rgb {
          (pixels[out], pixels[out + 1], pixels[out + 2]) =
            (clamp(samples[0]), clamp(samples[1]), clamp(samples[2]))
        } else {
          let (luma, cb, cr) = (samples[0], samples[1] - 128, samples[2] - 128)
          pixels[out] = clamp(luma + 1.402 * cr)
          pixels[out + 1] = clamp(luma - 0.344136 * cb - 0.714136 * cr)
          pixels[out + 2] = clamp(luma + 1.772 * cb)
        }
      }
    }
    return RGBImage(width: frame.width, height: frame.height, pixels: pixels)
  }

  /// The component's sample at full-size pixel (`x`, `y`). Chroma at half the size in a
  /// direction is interpolated there as libjpeg's "fancy" upsampling does (¾ of the nearest
  /// sample, ¼ of the next one over), so colour edges are not blocky; other ratios repeat.
  private static func sample(
    _ plane: [UInt8], _ component: JPEGFrame.Component, _ frame: JPEGFrame, x: Int, y: Int
  ) -> Double {
    let stride = component.blocksWide * 8
    let xRatio = frame.maxHorizontal / component.horizontal
    let yRatio = frame.maxVertical / component.vertical
    let sx = x * component.horizontal / frame.maxHorizontal
    let sy = y * component.vertical / frame.maxVertical
    let lastX =
      (frame.width * component.horizontal + frame.maxHorizontal - 1) / frame.maxHorizontal - 1
    let lastY = (frame.height * component.vertical + frame.maxVertical - 1) / frame.maxVertical - 1
    let nx = xRatio == 2 ? min(lastX, max(0, x % 2 == 0 ? sx - 1 : sx + 1)) : sx
    let ny = yRatio == 2 ? min(lastY, max(0, y % 2 == 0 ? sy - 1 : sy + 1)) : sy
    func at(_ column: Int, _ row: Int) -> Double { Double(plane[row * stride + column]) }
    let wx = xRatio == 2 ? 0.75 : 1.0
    let wy = yRatio == 2 ? 0.75 : 1.0
    return wx * wy * at(sx, sy) + (1 - wx) * wy * at(nx, sy) + wx * (1 - wy) * at(sx, ny)
      + (1 - wx) * (1 - wy) * at(nx, ny)
  }

  /// A component's samples, `blocksWide × 8` a row.
  private static func plane(_ component: JPEGFrame.Component, _ table: [Int32]) -> [UInt8] {
    let stride = component.blocksWide * 8
    var plane = [UInt8](repeating: 0, count: stride * component.blocksHigh * 8)
    var block = [Double](repeating: 0, count: 64)
    var temporary = [Double](repeating: 0, count: 64)
    for by in 0..<component.blocksHigh {
      for bx in 0..<component.blocksWide {
        let base = (by * component.blocksWide + bx) * 64
        for k in 0..<64 {
          block[zigzag[k]] = Double(component.coefficients[base + k]) * Double(table[k])
        }
        // Rows, then columns: 8 + 8 one-dimensional transforms of 8.
        for row in 0..<8 {
          for x in 0..<8 {
            var sum = 0.0
            for u in 0..<8 { sum += basis[x * 8 + u] * block[row * 8 + u] }
            temporary[row * 8 + x] = sum
          }
        }
        for column in 0..<8 {
          for y in 0..<8 {
            var sum = 0.0
            for v in 0..<8 { sum += basis[y * 8 + v] * temporary[v * 8 + column] }
            plane[(by * 8 + y) * stride + bx * 8 + column] = clamp(sum + 128)
          }
        }
      }
    }
    return plane
  }

  private static func clamp(_ value: Double) -> UInt8 {
    UInt8(max(0, min(255, value.rounded())))
  }
}
