/// A JPEG frame (SOF): its size, its components with their sampling and quantisation, and
/// every block's coefficients, kept for the whole image so progressive scans can add to
/// them.
struct JPEGFrame {
  struct Component {
    let id: UInt8
    let horizontal: Int
    let vertical: Int
    let quantization: Int
    /// Blocks across and down, padded to whole MCUs.
    var blocksWide = 0
    var blocksHigh = 0
    /// Blocks the component's own samples cover (a single-component scan walks these).
    var usedWide = 0
    var usedHigh = 0
    /// 64 coefficients a block, in zigzag order, block after block.
    var coefficients: [Int32] = []
    /// The last DC value, for the next block's difference.
    var predictor = 0
  }

  let width: Int
  let height: Int
  let progressive: Bool
  var components: [Component]
  let maxHorizontal: Int
  let maxVertical: Int
  let mcusWide: Int
  let mcusHigh: Int

  /// - Throws: ``ImageError`` for a frame this decoder does not read or that breaks the
  ///   format.
  init(_ data: ArraySlice<UInt8>, progressive: Bool) throws(ImageError) {
    let bytes = Array(data)
    guard bytes.count >= 6 else { throw .truncated }
    guard bytes[0] == 8 else { throw .unsupported("JPEG samples of \(bytes[0]) bits") }
    height = Int(bytes[1]) << 8 | Int(bytes[2])
    width = Int(bytes[3]) << 8 | Int(bytes[4])
    guard height > 0 else { throw .unsupported("a JPEG whose height comes later (DNL)") }
    try ImageLimits.check(width: width, height: height)
    let count = Int(bytes[5])
    guard count == 1 || count == 3, bytes.count >= 6 + count * 3 else {
      throw count == 4 ? .unsupported("CMYK JPEG") : .malformed("the JPEG frame's components")
    }
    var components: [Component] = []
    for index in 0..<count {
      let at = 6 + index * 3
      let h = Int(bytes[at + 1] >> 4)
      let v = Int(bytes[at + 1] & 0x0F)
      guard (1...4).contains(h), (1...4).contains(v), bytes[at + 2] < 4 else {
        throw .malformed("a JPEG component's sampling")
      }
      components.append(
        Component(id: bytes[at], horizontal: h, vertical: v, quantization: Int(bytes[at + 2])))
    }
    self.progressive = progressive
    maxHorizontal = components.map(\.horizontal).max() ?? 1
    maxVertical = components.map(\.vertical).max() ?? 1
    mcusWide = (width + 8 * maxHorizontal - 1) / (8 * maxHorizontal)
    mcusHigh = (height + 8 * maxVertical - 1) / (8 * maxVertical)
    for index in components.indices {
      let h = components[index].horizontal
      let v = components[index].vertical
      components[index].blocksWide = mcusWide * h
      components[index].blocksHigh = mcusHigh * v
      let componentWidth = (width * h + maxHorizontal - 1) / maxHorizontal
      let componentHeight = (height * v + maxVertical - 1) / maxVertical
      components[index].usedWide = (componentWidth + 7) / 8
      components[index].usedHigh = (componentHeight + 7) / 8
      components[index].coefficients = [Int32](
        repeating: 0, count: components[index].blocksWide * components[index].blocksHigh * 64)
    }
    self.components = components
  }
}
