/// A decode's time limit and cancellation, checked inside its loops (a row of blocks, a
/// stretch of inflated bytes, a row of pixels), so a slow or cancelled decode stops within
/// a few milliseconds of it.
struct DecodeBudget {
  private let deadline: ContinuousClock.Instant?
  private let cancellation: DecodeCancellation?

  init(_ options: DecodeOptions) {
    deadline = options.timeLimit.map { ContinuousClock.now.advanced(by: $0) }
    cancellation = options.cancellation
  }

  /// No limit at all (the parts' own entry points, used by themselves).
  static let unlimited = DecodeBudget(.full)

  /// - Throws: ``ImageError/cancelled`` or ``ImageError/tooSlow`` when the decode must stop.
  func check() throws(ImageError) {
    if let cancellation, cancellation.isCancelled { throw .cancelled }
    if let deadline, ContinuousClock.now >= deadline { throw .tooSlow }
  }
}
