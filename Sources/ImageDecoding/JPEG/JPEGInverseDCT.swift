#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The inverse DCT of one block to `wide` × `high` samples (8 × 8 at full size; 4, 2 or 1
/// a side to decode at 1/2, 1/4 or 1/8), separable: rows, then columns. Rows of coefficients that are
/// all zero are left out of both passes: their terms add exactly nothing, so the samples
/// are those of the full sums, in a fraction of the work (most rows of most blocks are zero).
struct JPEGInverseDCT {
  private let wide: Int
  private let high: Int
  /// The bases across and down.
  private let basisX: [Double]
  private let basisY: [Double]
  /// The block's coefficients in natural order, dequantised, and the rows' transforms.
  private var block = [Double](repeating: 0, count: 64)
  private var rows = [Double](repeating: 0, count: 64)

  init(wide: Int, high: Int) {
    (self.wide, self.high) = (wide, high)
    (basisX, basisY) = (Self.bases[wide]!, Self.bases[high]!)
  }

  /// For 8, 4, 2 and 1 samples a block side, by (x, u): cos((2x + 1) u π / 2n) × C(u) / 2,
  /// for the transform of the first n frequencies, times what averaging 8/n neighbouring
  /// samples of the 8-point transform does to frequency u, so a reduced block is the mean
  /// of the full one's samples.
  private static let bases: [Int: [Double]] = Dictionary(
    uniqueKeysWithValues: [8, 4, 2, 1].map { n in (n, basis(n)) })

  private static func basis(_ n: Int) -> [Double] {
    (0..<n * n).map { index in
      let (x, u) = (index / n, index % n)
      let scale: Double = u == 0 ? 1 / 2.0.squareRoot() : 1.0
      let angle = Double(2 * x + 1) * Double(u) * Double.pi / Double(2 * n)
      var averaged = 1.0
      var step = 1
      while step < 8 / n {
        averaged *= cos(Double(step * u) * Double.pi / 16)
        step *= 2
      }
      return scale * cos(angle) / 2 * averaged
    }
  }

  /// Transforms the block whose `kept` coefficients (64, or the DC one) are at
  /// `coefficients`, in zigzag order, into `out`, `stride` apart a row.
  mutating func block(
    _ coefficients: UnsafeMutablePointer<Int16>, kept: Int, _ quantization: [Double],
    into out: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    var onlyDC = true
    for k in 1..<kept where coefficients[k] != 0 {
      onlyDC = false
      break
    }
    if onlyDC {
      // What the passes below give for DC alone, exactly: one value (each basis starts
      // with cos 0's).
      let value = JPEGPixels.clamp(
        basisY[0] * (basisX[0] * (Double(coefficients[0]) * quantization[0])) + 128)
      for y in 0..<high {
        for x in 0..<wide { out[y * stride + x] = value }
      }
      return
    }
    let size = (wide, high)
    basisX.withUnsafeBufferPointer { basisX in
      basisY.withUnsafeBufferPointer { basisY in
        block.withUnsafeMutableBufferPointer { block in
          rows.withUnsafeMutableBufferPointer { rows in
            quantization.withUnsafeBufferPointer { quantization in
              Self.transform(
                size, coefficients, quantization, (basisX, basisY), block, rows, out, stride)
            }
          }
        }
      }
    }
  }

  @inline(__always)
  private static func transform(
    _ size: (wide: Int, high: Int), _ coefficients: UnsafeMutablePointer<Int16>,
    _ quantization: UnsafeBufferPointer<Double>,
    _ bases: (x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>),
    _ block: UnsafeMutableBufferPointer<Double>, _ rows: UnsafeMutableBufferPointer<Double>,
    _ out: UnsafeMutablePointer<UInt8>, _ stride: Int
  ) {
    let (nx, ny) = size
    var used = UInt8(0)  // a bit for each row with a coefficient that is not zero
    for k in 0..<64 {
      let value = coefficients[k]
      let at = JPEGPixels.zigzag[k]
      block[at] = Double(value) * quantization[k]
      if value != 0 { used |= 1 << UInt8(at >> 3) }
    }
    for row in 0..<ny where used & (1 << UInt8(row)) != 0 {
      for x in 0..<nx {
        var sum = 0.0
        for u in 0..<nx { sum += bases.x[x * nx + u] * block[row * 8 + u] }
        rows[row * 8 + x] = sum
      }
    }
    for column in 0..<nx {
      for y in 0..<ny {
        var sum = 0.0
        for v in 0..<ny where used & (1 << UInt8(v)) != 0 {
          sum += bases.y[y * ny + v] * rows[v * 8 + column]
        }
        out[y * stride + column] = JPEGPixels.clamp(sum + 128)
      }
    }
  }
}
