import ImageDecoding

/// A picture as text: each character cell two pixels tall, `▀` in the upper pixel's colour
/// over the lower pixel's as background, in 24-bit colour. Any truecolor terminal shows it.
enum HalfBlocks {
  /// The image scaled (area-averaged) to `columns` cells wide, keeping its proportions with
  /// cells twice as tall as wide; one string per row of cells, each ending in a reset.
  static func lines(_ image: RGBImage, columns: Int) -> [String] {
    let width = max(1, columns)
    let pixelRows = max(
      2, Int((image.heightPerWidth * Double(width)).rounded()))
    let rows = (pixelRows + 1) / 2
    let scaled = image.scaled(toWidth: width, height: rows * 2)
    return (0..<rows).map { row in
      var line = ""
      var last: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)?
      for x in 0..<width {
        let top = scaled.pixel(x: x, y: row * 2)
        let bottom = scaled.pixel(x: x, y: row * 2 + 1)
        let colours = (top.red, top.green, top.blue, bottom.red, bottom.green, bottom.blue)
        if last.map({ $0 != colours }) ?? true {  // a run of one colour is coloured once
          line += "\u{1B}[38;2;\(top.red);\(top.green);\(top.blue)m"
          line += "\u{1B}[48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m"
          last = colours
        }
        line += "▀"
      }
      return line + "\u{1B}[0m"
    }
  }
}
