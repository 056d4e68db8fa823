import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps bookclub within Hardcover's rate limit: at most `perMinute` requests in any minute
/// (Hardcover asks for 60), and waits as told when Hardcover says it is busy.
/// `BOOKCLUB_HARDCOVER_RATE` sets another limit (a requests-a-minute number).
final class HardcoverPacer: Sendable {
  /// Requests a minute, as Hardcover's API documentation asks.
  static let defaultPerMinute = 60
  /// Tries of one request Hardcover keeps calling busy before giving up.
  static let busyTries = 5

  let perMinute: Int
  /// When each request of the last minute was sent, as time since the pacer was made.
  private let sent = Mutex<[Duration]>([])
  /// The time since the pacer was made.
  private let now: @Sendable () -> Duration
  /// Waits for a while.
  private let sleep: @Sendable (Duration) async throws -> Void

  /// - Parameters:
  ///   - environment: Where `BOOKCLUB_HARDCOVER_RATE` is read.
  ///   - clock: What the minute is measured on and waited on (a test's own clock).
  init<C: Clock>(environment: [String: String], clock: C = ContinuousClock())
  where C.Duration == Duration {
    let given = environment["BOOKCLUB_HARDCOVER_RATE"].flatMap { Int($0) }
    perMinute = given.map { min(max($0, 1), 100_000) } ?? Self.defaultPerMinute
    let start = clock.now
    now = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: clock.now.advanced(by: $0), tolerance: nil) }
  }

  /// Waits until one more request keeps within the limit, then counts it.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while it waits.
  func waitForTurn() async throws {
    while true {
      let wait: Duration? = sent.withLock { sent in
        let now = self.now()
        sent.removeAll { now - $0 >= .seconds(60) }
        guard sent.count >= perMinute, let oldest = sent.first else {
          sent.append(now)
          return nil
        }
        return oldest + .seconds(60) - now
      }
      guard let wait else { return }
      try await sleep(wait)
    }
  }

  /// Runs `request` in turn, again after the wait Hardcover asks for while it says busy.
  ///
  /// - Parameter repeatable: Whether sending the request twice does no harm (a query). A
  ///   mutation is sent again only after an answer that says none of it was taken (429):
  ///   a busy gateway may have passed it on.
  /// - Throws: What `request` throws; ``HardcoverError/busy(retryAfter:wholeRefused:)``
  ///   after ``busyTries`` busy answers, or at once for a mutation that may have been
  ///   taken; `CancellationError` when cancelled while waiting.
  func paced<T>(repeatable: Bool = true, _ request: () throws -> T) async throws -> T {
    var tries = 0
    while true {
      try await waitForTurn()
      do {
        return try request()
      } catch HardcoverError.busy(let retryAfter, let wholeRefused) {
        tries += 1
        guard tries < Self.busyTries, repeatable || wholeRefused else {
          throw HardcoverError.busy(retryAfter: retryAfter, wholeRefused: wholeRefused)
        }
        // Seconds as Hardcover says (an HTTP date is not waited for), else a minute's share.
        let asked = retryAfter.flatMap { Double($0) }.flatMap {
          $0.isFinite ? min(max($0, 0), 120) : nil
        }
        try await sleep(.seconds(asked ?? 60 / Double(perMinute) * Double(tries)))
      }
    }
  }
}
