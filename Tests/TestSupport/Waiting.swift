import Foundation

/// Waiting for an event, not for a time: a test looks again every few milliseconds until
/// what it waits for has happened, and gives up only after a hang guard far longer than a
/// busy machine needs. The look-ups sleep as tasks, so they hold none of the concurrency
/// pool's threads (two on a two-core machine, shared by every test running).
public enum Wait {
  /// How long a test waits for an event before calling it a hang.
  public static let hangGuard: Duration = .seconds(60)

  /// What a wait that gave up says.
  public struct GaveUp: Error, CustomStringConvertible {
    public let waitingFor: String
    public let after: Duration
    public var description: String { "waited \(after) for \(waitingFor); it never happened" }
  }

  /// Waits until `condition` holds, on the caller's actor (so `condition` may look at
  /// what that actor guards).
  ///
  /// - Parameters:
  ///   - description: What is waited for, for the failure message.
  ///   - limit: The hang guard.
  ///   - interval: The pause between looks (longer where a look runs a program).
  ///   - condition: Looked at every `interval`, and once more after the guard.
  /// - Throws: ``GaveUp`` when `condition` still does not hold after `limit` (of time the
  ///   machine ran: see ``HangGuard``).
  public static func until(
    _ description: String, limit: Duration = hangGuard, interval: Duration = .milliseconds(10),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
  ) async throws {
    var guardTime = HangGuard(limit)
    while !guardTime.hasRunOut() {
      if try await condition() { return }
      try await Task.sleep(for: interval)
    }
    // A busy run may wake this only after the guard: look once more before failing.
    if try await condition() { return }
    throw GaveUp(waitingFor: "\(description) (\(guardTime.summary))", after: limit)
  }

  /// Waits until `value` gives something, and returns it.
  ///
  /// - Throws: ``GaveUp`` when it still gives `nil` after `limit`.
  public static func untilSome<T>(
    _ description: String, limit: Duration = hangGuard,
    isolation: isolated (any Actor)? = #isolation, _ value: () async throws -> T?
  ) async throws -> T {
    var found: T?
    try await until(description, limit: limit, isolation: isolation) {
      found = try await value()
      return found != nil
    }
    return found!
  }
}

/// Blocking work (`waitpid`, a blocking read, a sleep of a thread) run on a thread of its
/// own, so that it holds none of the concurrency pool's few threads while it waits.
public enum OwnThread {
  /// Runs `work` on a new thread and returns what it returned.
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T)
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try work() }) }
      thread.start()
    }
  }
}
