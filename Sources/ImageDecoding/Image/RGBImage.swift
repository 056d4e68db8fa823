/// Decoded pixels: 8-bit red, green and blue, row after row from the top left.
public struct RGBImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width × height × 3` bytes.
  public internal(set) var pixels: [UInt8]

  /// The size the file declares: larger than `width × height` when the image was decoded
  /// at a reduced scale (whose rounding up would bend its proportions a little).
  public let sourceWidth: Int
  public let sourceHeight: Int

  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.init(
      width: width, height: height, pixels: pixels, sourceWidth: width, sourceHeight: height)
  }

  init(width: Int, height: Int, pixels: [UInt8], sourceWidth: Int, sourceHeight: Int) {
    precondition(pixels.count == width * height * 3, "3 bytes a pixel")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
  }

  /// The picture's height for a width of 1, as the file declares it.
  public var heightPerWidth: Double { Double(sourceHeight) / Double(sourceWidth) }

  /// The pixel at column `x`, row `y`.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let index = (y * width + x) * 3
    return (pixels[index], pixels[index + 1], pixels[index + 2])
  }

  /// Decodes a PNG or a JPEG, told apart by their first bytes, within `options`: at full
  /// size unless they let a JPEG be decoded smaller, and stopping when they say.
  ///
  /// - Throws: ``ImageError``: ``ImageError/tooLarge(width:height:)``,
  ///   ``ImageError/tooSlow`` and ``ImageError/cancelled`` for what `options` refuse.
  public static func decode(_ bytes: [UInt8], options: DecodeOptions = .full) throws(ImageError)
    -> RGBImage
  {
    let budget = DecodeBudget(options)
    try budget.check()
    if bytes.starts(with: PNGDecoder.signature) {
      return try PNGDecoder.decode(bytes, options: options, budget: budget)
    }
    if bytes.starts(with: JPEGDecoder.signature) {
      return try JPEGDecoder.decode(bytes, options: options, budget: budget)
    }
    throw .unknownFormat
  }
}
