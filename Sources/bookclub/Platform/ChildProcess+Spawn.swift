#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// Starts `arguments[0]` (a path) with `arguments` and `environment`; the one place
  /// bookclub calls `posix_spawn`.
  ///
  /// - Parameters:
  ///   - streams: The child's standard streams (0, 1, 2) that are not bookclub's own.
  ///   - defaultSignals: Whether the child starts with every signal at its default and none
  ///     blocked (else it has bookclub's).
  ///   - newSession: Whether the child starts a session of its own, without a terminal.
  ///   - newProcessGroup: Whether the child starts a process group of its own, which the
  ///     terminal's Ctrl-C does not reach (a request on its way finishes; bookclub stops
  ///     it when it ends).
  /// - Returns: The child's process id, for ``wait(for:)``.
  /// - Throws: The `errno` of `posix_spawn` when it cannot start.
  static func spawn(
    _ arguments: [String], environment: [String: String], streams: [Int32: Stream] = [:],
    defaultSignals: Bool = true, newSession: Bool = false, newProcessGroup: Bool = false
  ) throws(SpawnError) -> pid_t {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, stream) in streams.sorted(by: { $0.key < $1.key }) {
      switch stream {
      case .nullInput: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDONLY, 0)
      case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, target)
      }
    }
    let flags =
      (newSession ? sessionFlag : 0) | (newProcessGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0)
    if defaultSignals {
      startingWithDefaultSignals(&attributes, flags: flags)
    } else {
      posix_spawnattr_init(&attributes)
      posix_spawnattr_setflags(&attributes, Int16(flags))
    }
    if newProcessGroup { posix_spawnattr_setpgroup(&attributes, 0) }
    defer { posix_spawnattr_destroy(&attributes) }
    guard let program = arguments.first else { throw SpawnError(code: EINVAL) }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    guard started == 0 else { throw SpawnError(code: started) }
    return pid
  }

  /// Initialises `attributes` so the child starts with every signal at its default and
  /// none blocked, whatever bookclub ignores or blocks meanwhile (the tests' own children
  /// start so too).
  ///
  /// - Parameters:
  ///   - attributes: Attributes not yet initialised; the caller destroys them.
  ///   - flags: More `POSIX_SPAWN_…` flags.
  static func startingWithDefaultSignals(
    _ attributes: inout SpawnAttributes, flags: Int32 = 0
  ) {
    posix_spawnattr_init(&attributes)
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(
      &attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | flags))
  }

  #if canImport(Darwin)
    /// `posix_spawnattr_t` as Swift sees it: an optional pointer on Darwin.
    typealias SpawnAttributes = posix_spawnattr_t?
  #else
    /// `posix_spawnattr_t` as Swift sees it: a struct on Linux.
    typealias SpawnAttributes = posix_spawnattr_t
  #endif

  /// `POSIX_SPAWN_SETSID`: on Linux a GNU extension Swift cannot see.
  private static var sessionFlag: Int32 {
    #if os(Linux)
      0x80
    #else
      Int32(POSIX_SPAWN_SETSID)
    #endif
  }
}
