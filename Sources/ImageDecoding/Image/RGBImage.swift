/// Decoded pixels: 8-bit red, green and blue, row after row from the top left.
public struct RGBImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width × height × 3` bytes.
  public internal(set) var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 3, "3 bytes a pixel")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y`.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let index = (y * width + x) * 3
    return (pixels[index], pixels[index + 1], pixels[index + 2])
  }

  /// Decodes a PNG or a JPEG, told apart by their first bytes.
  ///
  /// - Throws: ``ImageError``.
  public static func decode(_ bytes: [UInt8]) throws(ImageError) -> RGBImage {
    if bytes.starts(with: PNGDecoder.signature) { return try PNGDecoder.decode(bytes) }
    if bytes.starts(with: JPEGDecoder.signature) { return try JPEGDecoder.decode(bytes) }
    throw .unknownFormat
  }
}
