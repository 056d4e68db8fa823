/// The time a ``NoticeQueue`` shows notices by; tests pass a clock they move by hand.
public protocol NoticeClock: Sendable {
  /// Time since an arbitrary, fixed origin.
  var now: Duration { get }
}

/// The real clock: monotonic time since the clock was made.
public struct ContinuousNoticeClock: NoticeClock {
  private let origin = ContinuousClock.now

  public init() {}

  public var now: Duration { ContinuousClock.now - origin }
}
