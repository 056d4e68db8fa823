/// A PNG's IHDR chunk: its size and how its pixels are laid out.
struct PNGHeader {
  enum ColorType: UInt8 {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// Samples a pixel has.
    var channels: Int {
      switch self {
      case .gray, .palette: 1
      case .grayAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }

    /// The bit depths the format allows for the type.
    var depths: Set<Int> {
      switch self {
      case .gray: [1, 2, 4, 8, 16]
      case .palette: [1, 2, 4, 8]
      case .rgb, .grayAlpha, .rgba: [8, 16]
      }
    }
  }

  let width: Int
  let height: Int
  let depth: Int
  let colorType: ColorType
  let interlaced: Bool

  /// - Throws: ``ImageError`` for a header the format does not allow or a size past the
  ///   limits.
  init(_ data: ArraySlice<UInt8>) throws(ImageError) {
    guard data.count == 13 else { throw .malformed("the PNG header's length") }
    let bytes = Array(data)
    func number(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    width = number(0)
    height = number(4)
    try ImageLimits.check(width: width, height: height)
    depth = Int(bytes[8])
    guard let type = ColorType(rawValue: bytes[9]), type.depths.contains(depth) else {
      throw .malformed("the PNG colour type and bit depth")
    }
    colorType = type
    guard bytes[10] == 0, bytes[11] == 0, bytes[12] <= 1 else {
      throw .malformed("the PNG compression, filter or interlace method")
    }
    interlaced = bytes[12] == 1
  }

  var bitsPerPixel: Int { depth * colorType.channels }

  /// Bytes one row of `width` pixels takes, without its filter byte.
  func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

  /// The passes the pixels come in: the whole image, or Adam7's seven, each as (first
  /// column, first row, column step, row step) and its size.
  var passes: [(x: Int, y: Int, dx: Int, dy: Int, width: Int, height: Int)] {
    let layout =
      interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    return layout.map { x, y, dx, dy in
      (x, y, dx, dy, (width - x + dx - 1) / dx, (height - y + dy - 1) / dy)
    }
  }

  /// The bytes the decompressed data has: each pass's rows with their filter bytes.
  var decompressedSize: Int {
    passes.reduce(0) { total, pass in
      pass.width == 0 || pass.height == 0 ? total : total + pass.height * (1 + rowBytes(pass.width))
    }
  }
}
