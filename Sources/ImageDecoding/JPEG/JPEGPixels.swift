/// From a frame's coefficients to RGB: dequantise, inverse DCT (at the frame's scale),
/// upsample the chroma to full size, convert YCbCr (JFIF) to RGB.
enum JPEGPixels {
  /// Zigzag position k → natural (row-major) position in the 8×8 block.
  static let zigzag: [Int] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27,
    20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58,
    59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
  ]

  /// - Throws: ``ImageError/malformed(_:)`` for a component without its quantisation
  ///   table; the budget's errors (checked every row of blocks and of pixels).
  static func image(
    of frame: JPEGFrame, quantization: [[Int32]?], rgb: Bool, budget: DecodeBudget
  ) throws(ImageError) -> RGBImage {
    var planes: [[UInt8]] = []
    for component in frame.components {
      guard let table = quantization[component.quantization] else {
        throw ImageError.malformed("a JPEG component without its quantisation table")
      }
      planes.append(try plane(component, table, budget: budget))
    }
    let (width, height) = (frame.scaledWidth, frame.scaledHeight)
    let upsamplers = frame.components.map { JPEGUpsampler($0, frame) }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var samples = [Double](repeating: 0, count: 3 * width)
    try pixels.withUnsafeMutableBufferPointer { (pixels) throws(ImageError) in
      try samples.withUnsafeMutableBufferPointer { (samples) throws(ImageError) in
        let (out, row) = (pixels.baseAddress!, samples.baseAddress!)
        for y in 0..<height {
          try budget.check()
          for (index, upsampler) in upsamplers.enumerated() {
            upsampler.row(y, of: planes[index], into: row + index * width)
          }
          convert(
            row, width: width, components: upsamplers.count, rgb: rgb, into: out + y * width * 3)
        }
      }
    }
    return RGBImage(
      width: width, height: height, pixels: pixels, sourceWidth: frame.width,
      sourceHeight: frame.height)
  }

  /// One row of samples, component after component, to RGB.
  private static func convert(
    _ samples: UnsafeMutablePointer<Double>, width: Int, components: Int, rgb: Bool,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    let (first, second, third) = (samples, samples + width, samples + 2 * width)
    for x in 0..<width {
      let at = out + x * 3
      if components == 1 {
        let gray = clamp(first[x])
        (at[0], at[1], at[2]) = (gray, gray, gray)
      } else if rgb {
        (at[0], at[1], at[2]) = (clamp(first[x]), clamp(second[x]), clamp(third[x]))
      } else {
        let (luma, cb, cr) = (first[x], second[x] - 128, third[x] - 128)
        at[0] = clamp(luma + 1.402 * cr)
        at[1] = clamp(luma - 0.344136 * cb - 0.714136 * cr)
        at[2] = clamp(luma + 1.772 * cb)
      }
    }
  }

  /// A component's samples, `sideWide × sideHigh` a block, `blocksWide × sideWide` a row.
  private static func plane(
    _ component: JPEGFrame.Component, _ table: [Int32], budget: DecodeBudget
  ) throws(ImageError) -> [UInt8] {
    let (wide, high) = (component.sideWide, component.sideHigh)
    let stride = component.blocksWide * wide
    var plane = [UInt8](repeating: 0, count: stride * component.blocksHigh * high)
    let quantization = table.map(Double.init)
    let coefficients = component.coefficients
    try plane.withUnsafeMutableBufferPointer { (plane) throws(ImageError) in
      var transform = JPEGInverseDCT(wide: wide, high: high)
      for by in 0..<component.blocksHigh {
        try budget.check()
        for bx in 0..<component.blocksWide {
          transform.block(
            coefficients.block(by * component.blocksWide + bx), kept: coefficients.perBlock,
            quantization, into: plane.baseAddress! + by * high * stride + bx * wide, stride: stride)
        }
      }
    }
    return plane
  }

  /// The nearest whole number, halves away from zero (as `rounded()`), within 0...255:
  /// without a call to the C library's `round`, once a sample.
  @inline(__always)
  static func clamp(_ value: Double) -> UInt8 {
    guard value >= 0.5 else { return 0 }
    guard value < 254.5 else { return 255 }
    let whole = Int(value)
    return UInt8(value - Double(whole) >= 0.5 ? whole + 1 : whole)
  }
}
