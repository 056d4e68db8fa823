import Synchronization
import TestSupport
import Testing

@testable import bookclub

/// Hardcover's rate limit kept on a clock the test moves: no request more than the limit in
/// any minute, and a busy answer waited out as Hardcover asks, or given up.
@Suite(.timeLimit(.minutes(1))) struct HardcoverPacerTests {
  let clock = ManualClock()

  func pacer(perMinute: Int) -> HardcoverPacer {
    HardcoverPacer(
      environment: ["BOOKCLUB_HARDCOVER_RATE": String(perMinute)], clock: clock)
  }

  @Test func aRequestPastTheLimitWaitsForTheMinuteOfTheOldest() async throws {
    let pacer = pacer(perMinute: 2)
    try await pacer.waitForTurn()
    clock.advance(by: .seconds(10))
    try await pacer.waitForTurn()
    let third = Task { try await pacer.waitForTurn() }
    try await clock.waitForSleepers()
    // The oldest was sent 10 s ago: the third goes 60 s after it, 50 s from now.
    clock.advance(by: .seconds(49))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    try await third.value
    // The second was sent at 10 s: a fourth, now at 60 s, waits until 70 s.
    let fourth = Task { try await pacer.waitForTurn() }
    try await clock.waitForSleepers()
    clock.advance(by: .seconds(10))
    try await fourth.value
  }

  @Test func aBusyQueryIsSentAgainAfterTheWaitHardcoverAsksFor() async throws {
    let pacer = pacer(perMinute: 60)
    let sent = Mutex(0)
    let answer = Task {
      try await pacer.paced(repeatable: true) { () throws -> String in
        let tries = sent.withLock { count in
          count += 1
          return count
        }
        if tries == 1 { throw HardcoverError.busy(retryAfter: "30", wholeRefused: false) }
        return "answer"
      }
    }
    try await clock.waitForSleepers()
    clock.advance(by: .seconds(29))
    #expect(sent.withLock { $0 } == 1 && clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))
    #expect(try await answer.value == "answer")
    #expect(sent.withLock { $0 } == 2)
  }

  @Test func aBusyMutationThatMayHaveBeenTakenIsNotSentAgain() async throws {
    let pacer = pacer(perMinute: 60)
    let sent = Mutex(0)
    await #expect(throws: HardcoverError.self) {
      try await pacer.paced(repeatable: false) { () throws -> Void in
        sent.withLock { $0 += 1 }
        throw HardcoverError.busy(retryAfter: "1", wholeRefused: false)
      }
    }
    #expect(sent.withLock { $0 } == 1)
  }

  @Test func aQueryBusyEveryTimeIsGivenUpAfterItsTries() async throws {
    let pacer = pacer(perMinute: 60)
    let sent = Mutex(0)
    let answer = Task {
      try await pacer.paced(repeatable: true) { () throws -> Void in
        sent.withLock { $0 += 1 }
        throw HardcoverError.busy(retryAfter: nil, wholeRefused: false)
      }
    }
    // Without a Retry-After, a minute's share times the tries: 1 s, 2 s, 3 s, 4 s.
    for wait in 1..<HardcoverPacer.busyTries {
      try await clock.waitForSleepers()
      clock.advance(by: .seconds(wait))
    }
    await #expect(throws: HardcoverError.self) { try await answer.value }
    #expect(sent.withLock { $0 } == HardcoverPacer.busyTries)
  }
}
