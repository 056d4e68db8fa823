/// One component's samples at each pixel of the decoded image. Chroma at half the size in
/// a direction is interpolated as libjpeg's "fancy" upsampling does (¾ of the nearest
/// sample, ¼ of the next one over), so colour edges are not blocky; other ratios repeat.
struct JPEGUpsampler {
  private let stride: Int
  private let lastY: Int
  /// Row `y` of the image is row `y × rowsPer / rowsOf` of the component.
  private let rowsPer: Int
  private let rowsOf: Int
  private let halfHigh: Bool
  /// By column: the nearest sample's column and the next one over's.
  private let near: [Int]
  private let next: [Int]
  /// The weights of (nearest, next over) in the nearest row, then in the next row over.
  private let weights: (Double, Double, Double, Double)
  private let whole: Bool

  init(_ component: JPEGFrame.Component, _ frame: JPEGFrame) {
    let (width, height) = (frame.scaledWidth, frame.scaledHeight)
    // The component's samples for the image's: h × its side for the largest h × the
    // image's side (at full size: h for the largest h, as the format has it).
    let side = 8 / frame.scale
    let (columnsPer, columnsOf) = (
      component.horizontal * component.sideWide, frame.maxHorizontal * side
    )
    (rowsPer, rowsOf) = (component.vertical * component.sideHigh, frame.maxVertical * side)
    stride = component.blocksWide * component.sideWide
    let xRatio = columnsOf / columnsPer
    let yRatio = rowsOf / rowsPer
    let lastX = (width * columnsPer + columnsOf - 1) / columnsOf - 1
    lastY = (height * rowsPer + rowsOf - 1) / rowsOf - 1
    halfHigh = yRatio == 2
    near = (0..<width).map { $0 * columnsPer / columnsOf }
    next = (0..<width).map { x in
      let sx = x * columnsPer / columnsOf
      return xRatio == 2 ? min(lastX, max(0, x % 2 == 0 ? sx - 1 : sx + 1)) : sx
    }
    let wx = xRatio == 2 ? 0.75 : 1.0
    let wy = yRatio == 2 ? 0.75 : 1.0
    // Products taken as the sum below always took them, so pixels come out the same.
    weights = (wx * wy, (1 - wx) * wy, wx * (1 - wy), (1 - wx) * (1 - wy))
    whole = xRatio != 2 && yRatio != 2
  }

  /// The samples of pixel row `y`, one a column, into `out`.
  func row(_ y: Int, of plane: [UInt8], into out: UnsafeMutablePointer<Double>) {
    let sy = y * rowsPer / rowsOf
    let ny = halfHigh ? min(lastY, max(0, y % 2 == 0 ? sy - 1 : sy + 1)) : sy
    plane.withUnsafeBufferPointer { plane in
      let nearRow = plane.baseAddress! + sy * stride
      let nextRow = plane.baseAddress! + ny * stride
      if whole {
        // Weights 1 and 0: the nearest sample itself, exactly.
        for x in 0..<near.count { out[x] = Double(nearRow[near[x]]) }
        return
      }
      let (w0, w1, w2, w3) = weights
      for x in 0..<near.count {
        let (sx, nx) = (near[x], next[x])
        out[x] =
          w0 * Double(nearRow[sx]) + w1 * Double(nearRow[nx]) + w2 * Double(nextRow[sx]) + w3
          * Double(nextRow[nx])
      }
    }
  }
}
