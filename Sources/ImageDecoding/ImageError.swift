/// Why an image could not be decoded. Every malformed input ends in one of these, never
/// in a crash, a hang or memory beyond what the image's declared size needs.
public enum ImageError: Error, Equatable, Sendable {
  /// The bytes are not a format this library reads.
  case unknownFormat
  /// The data ends before the image does.
  case truncated
  /// A structure of the format is broken (a length, a code, a checksum), with where.
  case malformed(String)
  /// A feature the format allows that this library does not read (a preset zlib
  /// dictionary, a 12-bit JPEG), by name.
  case unsupported(String)
  /// The declared size is beyond ``ImageLimits``, or beyond the pixels
  /// ``DecodeOptions/maxPixels`` allows at any scale this library decodes it at.
  case tooLarge(width: Int, height: Int)
  /// Decoding took longer than ``DecodeOptions/timeLimit``.
  case tooSlow
  /// ``DecodeOptions/cancellation`` was cancelled.
  case cancelled
}

/// The largest image decoded: covers are a few hundred pixels a side; anything declaring
/// more than this is refused before memory is set aside for it.
public enum ImageLimits {
  public static let maxSide = 8192
  public static let maxPixels = 16 * 1024 * 1024

  /// Checks a declared size.
  ///
  /// - Throws: ``ImageError/tooLarge(width:height:)`` or ``ImageError/malformed(_:)``.
  static func check(width: Int, height: Int) throws(ImageError) {
    guard width > 0, height > 0 else { throw .malformed("an image of no pixels") }
    guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
      throw .tooLarge(width: width, height: height)
    }
  }
}
