import ImageDecoding

/// How a cover is decoded to be shown: at the smallest scale that still fills the cells it
/// is drawn in (a JPEG at 1/2, 1/4 or 1/8 of its size: a terminal shows a few hundred pixels
/// at most), within a limit of pixels and of time, and stopped when its book leaves the
/// screen. A cover past a limit is not shown; the book is, without it.
enum CoverDecoding {
  /// The most pixels a cover is decoded to (a JPEG beyond it is decoded smaller; any other
  /// image beyond it is refused before its data is read).
  static let maxPixels = 4 << 20
  /// The longest a decode may take; a cover that needs longer is not shown.
  static let timeLimit: Duration = .seconds(2)

  /// The pixels across a cover `columns` wide needs drawn this way: one a column in half
  /// blocks, about ten in kitty; for iTerm2, which is sent the file, only its proportions.
  static func width(_ columns: Int, drawing: CoverProtocol) -> Int {
    switch drawing {
    case .kitty: columns * 10
    case .halfblocks: columns
    case .iterm, .none: 1
    }
  }

  /// Decodes `bytes` at least `width` pixels wide (or as wide as the image is).
  ///
  /// - Throws: ``CoverDecodeError``.
  static func decode(
    _ bytes: [UInt8], width: Int, timeLimit: Duration? = timeLimit,
    cancellation: DecodeCancellation? = nil
  ) throws(CoverDecodeError) -> RGBImage {
    let options = DecodeOptions(
      minimumWidth: max(1, width), maxPixels: maxPixels, timeLimit: timeLimit,
      cancellation: cancellation)
    do {
      return try RGBImage.decode(bytes, options: options)
    } catch {
      switch error {
      case .tooLarge(let width, let height): throw .tooLarge(width: width, height: height)
      case .tooSlow: throw .tooSlow
      case .cancelled: throw .cancelled
      case .unknownFormat, .truncated, .malformed, .unsupported: throw .undecodable
      }
    }
  }
}
