/// Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth).
enum PNGFilter {
  /// The rows without their filter bytes, each unfiltered against the one before.
  ///
  /// - Throws: ``ImageError/malformed(_:)`` for an unknown filter type.
  static func unfilter(_ data: ArraySlice<UInt8>, rowBytes: Int, bytesPerPixel: Int)
    throws(ImageError) -> [UInt8]
  {
    let rows = data.count / (rowBytes + 1)
    var output = [UInt8](repeating: 0, count: rows * rowBytes)
    var input = data.startIndex
    for row in 0..<rows {
      let filter = data[input]
      input += 1
      let start = row * rowBytes
      for column in 0..<rowBytes {
        let byte = data[input + column]
        let left = column >= bytesPerPixel ? output[start + column - bytesPerPixel] : 0
        let up = row > 0 ? output[start - rowBytes + column] : 0
        let upLeft =
          row > 0 && column >= bytesPerPixel
          ? output[start - rowBytes + column - bytesPerPixel] : 0
        let predicted: UInt8
        switch filter {
        case 0: predicted = 0
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
        case 4: predicted = paeth(left, up, upLeft)
        default: throw .malformed("a PNG filter type")
        }
        output[start + column] = byte &+ predicted
      }
      input += rowBytes
    }
    return output
  }

  private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let pa = abs(p - Int(a))
    let pb = abs(p - Int(b))
    let pc = abs(p - Int(c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }
}
