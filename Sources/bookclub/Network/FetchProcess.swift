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
  /// - Returns: How it ended; `nil` when it could not start.
  static func run(
    _ arguments: [String], environment: [String: String], output: String, seconds: Double
  ) -> Outcome? {
    InterruptHandler.install()  // a helper to stop and a file to remove are reasons enough
    guard let results = Pipe.make(), let lifeline = Pipe.make() else { return nil }
    defer { close(results.reading) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, lifeline.reading, 0)
    posix_spawn_file_actions_adddup2(&actions, results.writing, 1)
    posix_spawn_file_actions_adddup2(&actions, results.writing, 2)
    var attributes = posix_spawnattr_t()
    ChildProcess.startingWithDefaultSignals(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    close(results.writing)
    close(lifeline.reading)
    // Held until the helper has ended: closing it tells the helper bookclub is gone.
    defer { close(lifeline.writing) }
    guard started == 0 else { return nil }
    let helper = pid
    let stop: @Sendable () -> Void = {
      kill(helper, SIGTERM)
      unlink(output)
    }
    return InterruptHandler.cleaningUp(stop) {
      let text = read(results.reading, until: .now + .seconds(seconds + grace))
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
  private static func read(_ descriptor: Int32, until deadline: ContinuousClock.Instant)
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
      let count = Glibc.read(descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      output += buffer[..<count]
      guard output.count < 1 << 16 else { break }  // a helper says one short line
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A one-way channel whose ends no other child inherits: close-on-exec from the start
  /// (a socket pair; Swift cannot see `pipe2`), as fetches run side by side and a writing
  /// end leaked into another helper would keep this one's open.
  private struct Pipe {
    let reading: Int32
    let writing: Int32

    static func make() -> Pipe? {
      var ends: [Int32] = [0, 0]
      #if os(Linux)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
      #else
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      #endif
      return Pipe(reading: ends[0], writing: ends[1])
    }
  }
}
