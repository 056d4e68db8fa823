import Synchronization

/// A clock that moves only when the test moves it: code given it (the spinner, the notice
/// queue) sleeps until ``advance(by:)`` passes its deadline, so a test decides what happened
/// "before" and "after" a delay, however busy the machine is.
public final class ManualClock: Clock, Sendable {
  public struct Instant: InstantProtocol {
    /// Time since the clock was made.
    public var offset: Duration

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration { other.offset - offset }

    public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [UInt64: Sleeper] = [:]
    /// Sleeps cancelled before they were registered.
    var cancelled: Set<UInt64> = []
    var nextID: UInt64 = 0
  }

  private let state = Mutex(State())

  public init() {}

  public var now: Instant { state.withLock { $0.now } }

  public var minimumResolution: Duration { .zero }

  /// How many sleeps wait now for the clock to pass their deadline.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let now: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return Sleeper?.none
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock on by `duration`, waking every sleep whose deadline it passes.
  public func advance(by duration: Duration) {
    let due = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
      return ids.compactMap { state.sleepers.removeValue(forKey: $0) }
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Waits until `count` sleeps wait for this clock: the code under test has got as far as
  /// its next delay.
  ///
  /// - Throws: ``Wait/GaveUp`` after the hang guard.
  public func waitForSleepers(_ count: Int = 1) async throws {
    try await Wait.until("\(count) sleeps on the manual clock") { sleeperCount >= count }
  }
}
