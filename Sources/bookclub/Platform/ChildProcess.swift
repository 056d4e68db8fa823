#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program bookclub starts and waits for (the person's editor), started with
/// `posix_spawn`: Foundation's `Process` would bring the whole of Foundation with it.
///
/// The child shares bookclub's terminal, process group and standard streams, and starts
/// with every signal at its default and none blocked, whatever bookclub ignores meanwhile:
/// Ctrl-C is the child's to handle.
enum ChildProcess {
  /// How a child ended.
  enum Termination: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal stopped it.
    case signalled(Int32)
  }

  /// Runs `arguments[0]` (a path) with `arguments` and `environment`, and waits for it.
  ///
  /// - Returns: How it ended.
  /// - Throws: The `errno` of `posix_spawn` when it cannot start.
  static func run(_ arguments: [String], environment: [String: String]) throws(SpawnError)
    -> Termination
  {
    var attributes = posix_spawnattr_t()
    startingWithDefaultSignals(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, arguments[0], nil, &attributes, argv, envp)
    guard started == 0 else { throw SpawnError(code: started) }
    return wait(for: pid)
  }

  /// Runs `arguments[0]` with stdin from `/dev/null` and its stdout and stderr collected,
  /// for programs bookclub talks to (git) rather than hands the terminal.
  ///
  /// - Returns: How it ended, and what it wrote.
  static func capture(_ arguments: [String], environment: [String: String]) throws(SpawnError)
    -> (Termination, String)
  {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw SpawnError(code: errno) }
    _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)  // the child has its copy only as stdout
    _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    close(pipe[1])
    defer { close(pipe[0]) }
    guard started == 0 else { throw SpawnError(code: started) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(pipe[0], &buffer, buffer.count)
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
    var attributes = posix_spawnattr_t()
    let setSession: Int32 = 0x80  // POSIX_SPAWN_SETSID, a GNU extension Swift cannot see
    startingWithDefaultSignals(&attributes, flags: setSession)
    defer { posix_spawnattr_destroy(&attributes) }
    let shell = ["/bin/sh", "-c", #""$0" "$@" </dev/null >/dev/null 2>&1 &"#] + arguments
    let argv = shell.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, shell[0], nil, &attributes, argv, envp)
    guard started == 0 else { throw SpawnError(code: started) }
    _ = wait(for: pid)  // the shell, which exits as soon as it has started the program
  }

  /// Initialises `attributes` so the child starts with every signal at its default and
  /// none blocked, whatever bookclub ignores or blocks meanwhile; `flags` adds to that.
  static func startingWithDefaultSignals(
    _ attributes: inout posix_spawnattr_t, flags: Int32 = 0
  ) {
    posix_spawnattr_init(&attributes)
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | flags))
  }

  /// Waits for the child `pid` to end, through interruptions, and reaps it.
  static func wait(for pid: pid_t) -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return .exited(-1) }
    }
    // WIFEXITED and its siblings are C macros Swift cannot see.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  /// Why a child could not start.
  struct SpawnError: Error {
    /// The `errno` of `posix_spawn`.
    let code: Int32
  }
}
