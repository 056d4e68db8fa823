#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of `bookclub-fetch`, tied to bookclub's life: the helper starts with every
/// signal at its default (Ctrl-C ends it too), its stdin is a pipe bookclub holds the other
/// end of (when bookclub is gone, however it ended, the helper reads end of file and ends),
/// Ctrl-C on bookclub stops it and removes its file, and a helper that overruns its own
/// deadline is killed.
enum FetchProcess {
  /// How a run ended.
  enum Outcome {
    /// The helper ended by itself, saying this.
    case ended(ChildProcess.Termination, String)
    /// The helper was still running long after its deadline, and was killed.
    case overran
  }

  /// Seconds past its own deadline a helper may take to say how it ended.
  static let grace: Double = 5

  /// Runs `arguments` (the helper first), which write `output`, for at most `seconds`
  /// (and ``grace``).
  ///
  /// - Parameter shielded: Whether the helper is out of reach of the terminal's Ctrl-C (a
  ///   process group of its own): a request that changes something finishes, and its
  ///   answer is read, rather than dying half sent.
  /// - Returns: How it ended; `nil` when it could not start.
  static func run(
    _ arguments: [String], environment: [String: String], output: String, seconds: Double,
    shielded: Bool = false
  ) -> Outcome? {
    InterruptHandler.install()  // a helper to stop and a file to remove are reasons enough
    guard let results = DescriptorPipe.make(), let lifeline = DescriptorPipe.make() else {
      return nil
    }
    defer { close(results.reading) }
    let started = try? ChildProcess.spawn(
      arguments, environment: environment,
      streams: [
        0: .descriptor(lifeline.reading), 1: .descriptor(results.writing),
        2: .descriptor(results.writing),
      ], newProcessGroup: shielded)
    close(results.writing)
    close(lifeline.reading)
    // Held until the helper has ended: closing it tells the helper bookclub is gone.
    defer { close(lifeline.writing) }
    guard let helper = started else { return nil }
    let stop: @Sendable () -> Void = {
      kill(helper, SIGTERM)
      unlink(output)
    }
    return InterruptHandler.cleaningUp(stop) {
      let text = collect(results.reading, until: .now + .seconds(seconds + grace))
      guard let text else {
        kill(helper, SIGKILL)
        _ = ChildProcess.wait(for: helper)
        return .overran
      }
      return .ended(ChildProcess.wait(for: helper), text)
    }
  }

  /// What `descriptor` gives until its end.
  ///
  /// - Returns: The text; `nil` when `deadline` came first.
  private static func collect(_ descriptor: Int32, until deadline: ContinuousClock.Instant)
    -> String?
  {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return nil }
      let (whole, fraction) = left.components
      let milliseconds = whole * 1000 + fraction / 1_000_000_000_000_000
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, Int32(min(milliseconds + 1, 60_000)))
      if polled < 0, errno == EINTR { continue }
      guard polled > 0 else { continue }  // the wait ran out; the loop looks at the clock
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      output += buffer[..<count]
      guard output.count < 1 << 16 else { break }  // a helper says one short line
    }
    return String(decoding: output, as: UTF8.self)
  }
}
