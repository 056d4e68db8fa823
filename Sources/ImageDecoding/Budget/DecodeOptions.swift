/// What a decode may cost and what it may give back: how small an image will do (a JPEG
/// can then be decoded at 1/2, 1/4 or 1/8 of its size, for a fraction of the work), the
/// most pixels it may have, how long it may take, and a way to stop it from outside.
public struct DecodeOptions: Sendable {
  /// The fewest pixels across the caller needs, when a smaller image than the file's will
  /// do; `nil` decodes at full size. A JPEG is decoded at the smallest of 1, 1/2, 1/4 and
  /// 1/8 of its size that is still this wide (or as wide as the image, if narrower).
  public var minimumWidth: Int?
  /// The most pixels the decoded image may have. A JPEG larger than this is decoded at a
  /// smaller scale when one fits; any other image larger than this is refused
  /// (``ImageError/tooLarge(width:height:)``) before any of its data is read.
  public var maxPixels: Int
  /// How long decoding may take; past it the decode stops with ``ImageError/tooSlow``.
  public var timeLimit: Duration?
  /// Stops the decode (with ``ImageError/cancelled``) once cancelled, from any thread.
  public var cancellation: DecodeCancellation?

  public init(
    minimumWidth: Int? = nil, maxPixels: Int = ImageLimits.maxPixels, timeLimit: Duration? = nil,
    cancellation: DecodeCancellation? = nil
  ) {
    self.minimumWidth = minimumWidth
    self.maxPixels = maxPixels
    self.timeLimit = timeLimit
    self.cancellation = cancellation
  }

  /// Full size, within ``ImageLimits``, however long it takes.
  public static let full = DecodeOptions()
}
