extension RGBImage {
  /// The image at `width × height`, each new pixel the average of the area of the old
  /// ones it covers (parts of pixels weighted by how much of them it covers), so fine
  /// detail becomes its mean colour rather than aliasing.
  ///
  /// - Precondition: `width` and `height` are at least 1.
  public func scaled(toWidth newWidth: Int, height newHeight: Int) -> RGBImage {
    precondition(newWidth > 0 && newHeight > 0, "a size of at least one pixel")
    let xSpans = Self.spans(from: width, to: newWidth)
    let ySpans = Self.spans(from: height, to: newHeight)
    var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    for (row, ySpan) in ySpans.enumerated() {
      for (column, xSpan) in xSpans.enumerated() {
        var sums = (0.0, 0.0, 0.0)
        var total = 0.0
        for (y, yWeight) in ySpan {
          for (x, xWeight) in xSpan {
            let weight = xWeight * yWeight
            let index = (y * width + x) * 3
            sums.0 += Double(pixels[index]) * weight
            sums.1 += Double(pixels[index + 1]) * weight
            sums.2 += Double(pixels[index + 2]) * weight
            total += weight
          }
        }
        let index = (row * newWidth + column) * 3
        output[index] = UInt8(min(255, (sums.0 / total).rounded()))
        output[index + 1] = UInt8(min(255, (sums.1 / total).rounded()))
        output[index + 2] = UInt8(min(255, (sums.2 / total).rounded()))
      }
    }
    return RGBImage(width: newWidth, height: newHeight, pixels: output)
  }

  /// For each new pixel along one side, the old pixels it covers with the part of each.
  private static func spans(from old: Int, to new: Int) -> [[(Int, Double)]] {
    let scale = Double(old) / Double(new)
    return (0..<new).map { index in
      let start = Double(index) * scale
      let end = Double(index + 1) * scale
      var covered: [(Int, Double)] = []
      var position = Int(start)
      while Double(position) < end, position < old {
        let from = max(start, Double(position))
        let to = min(end, Double(position + 1))
        if to > from { covered.append((position, to - from)) }
        position += 1
      }
      return covered.isEmpty ? [(min(old - 1, Int(start)), 1)] : covered
    }
  }
}
