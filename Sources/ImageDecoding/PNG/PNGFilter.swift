/// Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth), in place.
enum PNGFilter {
  /// Unfilters `rows` rows of `rowBytes` bytes each after its filter byte, starting at
  /// `start` in `data`: each row's bytes become its pixels' bytes, the filter bytes stay.
  ///
  /// - Throws: ``ImageError/malformed(_:)`` for an unknown filter type; the budget's errors.
  static func unfilter(
    _ data: UnsafeMutableBufferPointer<UInt8>, from start: Int, rows: Int, rowBytes: Int,
    bytesPerPixel: Int, budget: DecodeBudget
  ) throws(ImageError) {
    guard rows > 0, rowBytes > 0, let base = data.baseAddress else { return }
    precondition(start + rows * (rowBytes + 1) <= data.count, "the rows are in the data")
    let stride = rowBytes + 1
    for row in 0..<rows {
      if row % 64 == 0 { try budget.check() }
      let line = base + start + row * stride + 1
      // The first row filters against a row of zeros: Up is None, Paeth is Sub.
      let above: UnsafeMutablePointer<UInt8>? = row > 0 ? line - stride : nil
      switch line[-1] {
      case 0: break
      case 1: sub(line, rowBytes, bytesPerPixel)
      case 2: if let above { up(line, above, rowBytes) }
      case 3: average(line, above, rowBytes, bytesPerPixel)
      case 4:
        if let above {
          paeth(line, above, rowBytes, bytesPerPixel)
        } else {
          sub(line, rowBytes, bytesPerPixel)
        }
      default: throw .malformed("a PNG filter type")
      }
    }
  }

  private static func sub(_ line: UnsafeMutablePointer<UInt8>, _ count: Int, _ step: Int) {
    var index = step
    while index < count {
      line[index] &+= line[index - step]
      index += 1
    }
  }

  private static func up(
    _ line: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, _ count: Int
  ) {
    for index in 0..<count { line[index] &+= above[index] }
  }

  private static func average(
    _ line: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>?, _ count: Int,
    _ step: Int
  ) {
    for index in 0..<count {
      let left = index >= step ? Int(line[index - step]) : 0
      let up = above.map { Int($0[index]) } ?? 0
      line[index] &+= UInt8((left + up) / 2)
    }
  }

  private static func paeth(
    _ line: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>, _ count: Int,
    _ step: Int
  ) {
    for index in 0..<min(step, count) { line[index] &+= above[index] }  // left and up-left: 0
    var index = step
    while index < count {
      let (a, b, c) = (Int(line[index - step]), Int(above[index]), Int(above[index - step]))
      let p = a + b - c
      let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
      let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
      line[index] &+= UInt8(predicted)
      index += 1
    }
  }
}
