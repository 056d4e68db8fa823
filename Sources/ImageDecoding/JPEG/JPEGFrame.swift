/// A JPEG frame (SOF): its size, the scale it is decoded at, its components with their
/// sampling and quantisation, and every block's coefficients.
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
    /// Samples a block gives across and down once transformed: 8 at full size, fewer at a
    /// smaller scale; a subsampled component keeps more, up to 8, so that it comes out at
    /// the decoded image's own resolution rather than being stretched to it.
    var sideWide = 8
    var sideHigh = 8
    var coefficients = JPEGCoefficients(blocks: 0, perBlock: 1)
  }

  let width: Int
  let height: Int
  let progressive: Bool
  /// The image is decoded at 1/`scale` of its size: 1, 2, 4 or 8.
  let scale: Int
  var components: [Component]
  let maxHorizontal: Int
  let maxVertical: Int
  let mcusWide: Int
  let mcusHigh: Int

  /// - Throws: ``ImageError`` for a frame this decoder does not read or that breaks the
  ///   format, or that has more pixels than `options` allow at every scale.
  init(_ data: ArraySlice<UInt8>, progressive: Bool, options: DecodeOptions) throws(ImageError) {
    let bytes = Array(data)
    guard bytes.count >= 6 else { throw .truncated }
    guard bytes[0] == 8 else { throw .unsupported("JPEG samples of \(bytes[0]) bits") }
    height = Int(bytes[1]) << 8 | Int(bytes[2])
    width = Int(bytes[3]) << 8 | Int(bytes[4])
    guard height > 0 else { throw .unsupported("a JPEG whose height comes later (DNL)") }
    try ImageLimits.check(width: width, height: height)
    scale = try Self.scale(width: width, height: height, options: options)
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
      let side = 8 / scale
      components[index].sideWide = Self.side(side, maxHorizontal, h)
      components[index].sideHigh = Self.side(side, maxVertical, v)
      // A block transformed to one sample needs its DC coefficient alone.
      let onlyDC = components[index].sideWide == 1 && components[index].sideHigh == 1
      components[index].coefficients = JPEGCoefficients(
        blocks: components[index].blocksWide * components[index].blocksHigh,
        perBlock: onlyDC ? 1 : 64)
    }
    self.components = components
  }

  /// The samples a block side of a component sampled `own` of `most` gives at `side` for
  /// the image: as many more as it is subsampled, when the transform has that size (1, 2, 4,
  /// 8); at most 8 (at full size a subsampled component is upsampled, as ever).
  private static func side(_ side: Int, _ most: Int, _ own: Int) -> Int {
    guard most % own == 0 else { return side }
    let wanted = side * (most / own)
    return wanted >= 8 ? 8 : [1, 2, 4].contains(wanted) ? wanted : side
  }

  /// The decoded size: the frame's at 1/`scale`, rounded up.
  var scaledWidth: Int { (width + scale - 1) / scale }
  var scaledHeight: Int { (height + scale - 1) / scale }

  /// The smallest reduction the caller's width allows (an image narrower than it is kept
  /// whole), made smaller still while it has more pixels than allowed.
  ///
  /// - Throws: ``ImageError/tooLarge(width:height:)`` when even 1/8 has too many.
  static func scale(width: Int, height: Int, options: DecodeOptions) throws(ImageError) -> Int {
    var scale = 1
    if let wanted = options.minimumWidth {
      while scale < 8, (width + 2 * scale - 1) / (2 * scale) >= wanted { scale *= 2 }
    }
    while ((width + scale - 1) / scale) * ((height + scale - 1) / scale) > options.maxPixels {
      guard scale < 8 else { throw .tooLarge(width: width, height: height) }
      scale *= 2
    }
    return scale
  }
}
