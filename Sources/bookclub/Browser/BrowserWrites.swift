/// The browser's writes in flight, so that quitting, SIGTERM and a hang-up wait for them
/// instead of ending the process under them.
@MainActor
final class BrowserWrites {
  private var inFlight = 0
  /// Those waiting for the writes to end, by a number of their own (a timeout removes one).
  private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  private var nextWaiter = 0

  /// Whether no write is in flight.
  var isEmpty: Bool { inFlight == 0 }

  /// Runs `work` as a write: counted until it ends.
  func start(_ work: @escaping @MainActor () async -> Void) {
    inFlight += 1
    Task {
      await work()
      self.finished()
    }
  }

  /// Waits until no write is in flight, or `limit` has passed.
  ///
  /// - Parameter limit: How long to wait at most.
  /// - Returns: Whether every write ended in time.
  func settle(within limit: Duration) async -> Bool {
    guard inFlight > 0 else { return true }
    let number = nextWaiter
    nextWaiter += 1
    return await withCheckedContinuation { continuation in
      waiters[number] = continuation
      Task {
        try? await Task.sleep(for: limit)
        self.waiters.removeValue(forKey: number)?.resume(returning: false)
      }
    }
  }

  private func finished() {
    inFlight -= 1
    guard inFlight == 0 else { return }
    let waiting = waiters.values
    waiters = [:]
    for waiter in waiting { waiter.resume(returning: true) }
  }
}
