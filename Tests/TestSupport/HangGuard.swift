/// How long a wait may go on before it is a hang, counting only the time the machine ran.
///
/// A loop that looks every few milliseconds asks ``hasRunOut()`` at each look. A gap between
/// two looks longer than ``stall`` says the machine (or this process) stood still meanwhile
/// — a paused virtual machine, a test process starved for a minute — and the program under
/// test stood still with it: such a gap counts as ``stall`` only. Otherwise one freeze of the
/// machine running the tests ends every wait under way at once, each with a screen from
/// before the freeze (seen in CI: three tests failing back to back, each after its 60 s).
/// A program that hangs still fails its test: the looks go on, and their time counts.
public struct HangGuard: Sendable {
  /// The longest gap between two looks that counts in full.
  public static let stall: Duration = .seconds(2)

  private let limit: Duration
  private var counted: Duration = .zero
  private var lastLook: ContinuousClock.Instant
  /// The longest gap between two looks so far: a failure says it, so that a run that failed
  /// after a freeze tells so.
  public private(set) var longestGap: Duration = .zero

  /// How the wait went, for a failure message: "longest gap between looks 0.02 s".
  public var summary: String {
    let seconds =
      Double(longestGap.components.seconds)
      + Double(longestGap.components.attoseconds) / 1e18
    return "longest gap between looks \((seconds * 100).rounded() / 100) s"
  }

  /// A guard of `limit`, counting from `start`.
  ///
  /// - Parameters:
  ///   - limit: How much running time the wait may take.
  ///   - start: When the wait began: now, but for a test of the guard itself.
  public init(_ limit: Duration, start: ContinuousClock.Instant = .now) {
    self.limit = limit
    lastLook = start
  }

  /// A guard of `seconds`, counting from now.
  public init(seconds: Double) {
    self.init(.milliseconds(Int64(seconds * 1000)))
  }

  /// Counts the time since the last look.
  ///
  /// - Parameter now: The time of this look: now, but for a test of the guard itself.
  /// - Returns: Whether the wait has taken its limit.
  public mutating func hasRunOut(at now: ContinuousClock.Instant = .now) -> Bool {
    let gap = lastLook.duration(to: now)
    longestGap = max(longestGap, gap)
    counted += min(gap, Self.stall)
    lastLook = now
    return counted >= limit
  }
}
