#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Programs bookclub starts (the person's editor, git, `bookclub-fetch`, a background
/// sync), all through ``spawn(_:environment:streams:defaultSignals:newSession:)``, which
/// uses `posix_spawn`: Foundation's `Process` would bring the whole of Foundation with it.
///
/// A child shares bookclub's terminal, process group and standard streams unless told
/// otherwise, and by default starts with every signal at its default and none blocked,
/// whatever bookclub ignores meanwhile: Ctrl-C is the child's to handle.
enum ChildProcess {
  /// How a child ended.
  enum Termination: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal stopped it.
    case signalled(Int32)
  }

  /// What one of a child's standard streams is, when not bookclub's own.
  enum Stream {
    /// `/dev/null`, for reading.
    case nullInput
    /// A copy of this descriptor of bookclub's.
    case descriptor(Int32)
  }

  /// Why a child could not start.
  struct SpawnError: Error {
    /// The `errno` of `posix_spawn`.
    let code: Int32
  }

  /// Runs `arguments[0]` (a path) with `arguments` and `environment`, and waits for it.
  ///
  /// - Returns: How it ended.
  /// - Throws: The `errno` of `posix_spawn` when it cannot start.
  static func run(_ arguments: [String], environment: [String: String]) throws(SpawnError)
    -> Termination
  {
    wait(for: try spawn(arguments, environment: environment))
  }

  /// Runs `arguments[0]` with stdin from `/dev/null` and its stdout and stderr collected,
  /// for programs bookclub talks to (git) rather than hands the terminal; it keeps the
  /// signals bookclub has.
  ///
  /// - Returns: How it ended, and what it wrote.
  /// - Throws: The `errno` of `posix_spawn` when it cannot start.
  static func capture(_ arguments: [String], environment: [String: String]) throws(SpawnError)
    -> (Termination, String)
  {
    guard let pipe = DescriptorPipe.make() else { throw SpawnError(code: errno) }
    let started = Result { () throws(SpawnError) in
      try spawn(
        arguments, environment: environment,
        streams: [0: .nullInput, 1: .descriptor(pipe.writing), 2: .descriptor(pipe.writing)],
        defaultSignals: false)
    }
    close(pipe.writing)
    defer { close(pipe.reading) }
    let pid = try started.get()
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(pipe.reading, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    return (wait(for: pid), String(decoding: output, as: UTF8.self))
  }

  /// Starts `arguments[0]` with `arguments` and `environment` in the background and returns
  /// at once: in a session of its own (no terminal's Ctrl-C or hang-up reaches it), with
  /// its standard streams on `/dev/null`, and not bookclub's child (a shell starts it and
  /// exits), so nothing waits for it and no zombie is left behind.
  ///
  /// - Throws: The `errno` of `posix_spawn` when the shell cannot start.
  static func startInBackground(_ arguments: [String], environment: [String: String])
    throws(SpawnError)
  {
    let shell = ["/bin/sh", "-c", #""$0" "$@" </dev/null >/dev/null 2>&1 &"#] + arguments
    // The shell, which exits as soon as it has started the program.
    _ = wait(for: try spawn(shell, environment: environment, newSession: true))
  }

  /// Waits for the child `pid` to end, through interruptions, and reaps it.
  ///
  /// - Returns: How it ended.
  static func wait(for pid: pid_t) -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return .exited(-1) }
    }
    // WIFEXITED and its siblings are C macros Swift cannot see.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }
}
