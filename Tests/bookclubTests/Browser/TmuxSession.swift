import Foundation
import Synchronization
import TestSupport

@testable import bookclub

/// `bookclub browse` inside a real terminal emulator: a tmux server of its own, driven
/// with `send-keys` and read with `capture-pane`, as a person would see it. Each tmux
/// command is waited for on a thread of its own, never one of the concurrency pool's.
final class TmuxSession {
  private let socket: String
  private let environment: [String: String]

  /// The line the shell prints before bookclub starts, to find after it ends.
  static let before = "BEFORE-BROWSE"

  /// Starts a shell at `width`×`height` that prints ``before``, runs `command`, then
  /// prints `EXITED:<status>` and waits a minute for the test to read the screen: the
  /// server then ends by itself, even if nothing kills it.
  init(
    command: [String], width: Int, height: Int, home: TestHome,
    extraEnvironment: [String: String] = [:]
  ) async throws {
    // Outside the home: the home may be deleted before this session is, and a server whose
    // socket is gone can no longer be told to end.
    socket =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("bookclub-tmux-\(UUID().uuidString.prefix(8)).sock").path
    var environment = home.bookclub.environment.merging(extraEnvironment) { $1 }
    environment["TERM"] = "xterm-256color"
    self.environment = environment
    let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let script =
      "echo \(Self.before); \(quoted.joined(separator: " ")); echo EXITED:$?; sleep 60"
    try await tmux(
      startingServer: true,
      [
        "new-session", "-d", "-s", "e2e", "-x", String(width), "-y", String(height),
        "/bin/sh", "-c", script,
      ])
  }

  deinit {
    // A moment's wait, in a deinit that cannot wait as a task: kill-server ends at once.
    _ = try? Self.tmux(socket: socket, environment: environment, ["kill-server"])
    unlink(socket)
  }

  /// Ends the terminal itself, as closing its window would: the programs in it lose it.
  func closeTerminal() async throws {
    try await tmux(["kill-server"])
  }

  /// The screen now, as text; with `styles`, with the SGR sequences tmux draws it with.
  func screen(styles: Bool = false) async throws -> String {
    try await tmux(["capture-pane", "-p", "-t", "e2e"] + (styles ? ["-e"] : []))
  }

  /// Waits until the screen shows `text`.
  ///
  /// - Returns: The screen that showed it.
  /// - Throws: ``TerminalSession/Timeout`` after `seconds` (a hang guard), with the last
  ///   screen.
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 60) async throws -> String {
    try await watch(for: text, seconds: seconds).screen()
  }

  /// Starts looking for `text`, every 20 ms on a thread of its own, before the keys that
  /// show it are pressed: a notice shows for 3 s, and on a busy machine a task's next turn
  /// (to press the keys, or to start looking) can come later than that.
  func watch(for text: String, seconds: Double = 60) -> Watch {
    let (socket, environment) = (self.socket, self.environment)
    return Watch(text) {
      var guardTime = HangGuard(seconds: seconds)
      while true {
        let shown = try Self.tmux(
          socket: socket, environment: environment, ["capture-pane", "-p", "-t", "e2e"])
        if shown.contains(text) || guardTime.hasRunOut() { return (shown, guardTime) }
        usleep(20_000)
      }
    }
  }

  /// Presses `key` every tenth of a second, as a key held down, until the screen shows
  /// `text` (on a thread of its own, so a busy machine slows the presses, not the looks).
  ///
  /// - Throws: ``TerminalSession/Timeout`` after `seconds`, with the last screen.
  @discardableResult
  func hold(_ key: String, until text: String, seconds: Double = 60) async throws -> String {
    let (socket, environment) = (self.socket, self.environment)
    return try await Watch(text) {
      var guardTime = HangGuard(seconds: seconds)
      while true {
        _ = try Self.tmux(
          socket: socket, environment: environment, ["send-keys", "-t", "e2e", key])
        usleep(100_000)
        let shown = try Self.tmux(
          socket: socket, environment: environment, ["capture-pane", "-p", "-t", "e2e"])
        if shown.contains(text) || guardTime.hasRunOut() { return (shown, guardTime) }
      }
    }.screen()
  }

  /// A look for text on the screen, under way on a thread of its own.
  final class Watch: Sendable {
    private let text: String
    private let result = Mutex<Result<(String, HangGuard), any Error>?>(nil)

    /// Starts `look` (which returns the last screen it saw, and its guard) on a new thread
    /// at once.
    init(_ text: String, _ look: @escaping @Sendable () throws -> (String, HangGuard)) {
      self.text = text
      Thread {
        let outcome = Result { try look() }  // looked for without holding the lock
        self.result.withLock { $0 = outcome }
      }.start()
    }

    /// Waits for the look to end.
    ///
    /// - Returns: The screen that showed the text.
    /// - Throws: ``TerminalSession/Timeout`` when it never did, with the last screen.
    @discardableResult
    func screen() async throws -> String {
      // The look has its own hang guard: this only waits for the thread to say so.
      try await Wait.until("the look for \(text) to end", limit: .seconds(600)) {
        result.withLock { $0 != nil }
      }
      let (shown, guardTime) = try result.withLock { $0! }.get()
      guard shown.contains(text) else {
        throw TerminalSession.Timeout(waitingFor: text, screen: shown, detail: guardTime.summary)
      }
      return shown
    }
  }

  /// Waits until `condition` holds for the screen, looking at it every 20 ms and once more
  /// after `seconds`.
  @discardableResult
  func waitUntil(
    seconds: Double = 60, waitingFor description: String,
    _ condition: (String) async throws -> Bool
  ) async throws -> String {
    var guardTime = HangGuard(seconds: seconds)
    while true {
      let shown = try await screen()
      if try await condition(shown) { return shown }
      guard !guardTime.hasRunOut() else {
        throw TerminalSession.Timeout(
          waitingFor: description, screen: shown, detail: guardTime.summary)
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Presses keys by tmux's names: `Enter`, `Escape`, `PageDown`, `C-c`, or a letter.
  func press(_ keys: String...) async throws {
    try await tmux(["send-keys", "-t", "e2e"] + keys)
  }

  /// Types text literally.
  func type(_ text: String) async throws {
    try await tmux(["send-keys", "-t", "e2e", "-l", text])
  }

  /// Resizes the terminal; the program gets SIGWINCH.
  func resize(width: Int, height: Int) async throws {
    try await tmux(["resize-window", "-t", "e2e", "-x", String(width), "-y", String(height)])
  }

  /// Presses `key` to open a prompt, types `text` into it and presses Enter.
  func answer(_ key: String, _ text: String) async throws {
    try await press(key)
    try await type(text)
    try await press("Enter")
  }

  /// Whether the pane shows the alternate screen.
  func isOnAlternateScreen() async throws -> Bool {
    try await tmux(["display-message", "-p", "-t", "e2e", "#{alternate_on}"]).hasPrefix("1")
  }

  /// Runs a tmux command on a thread of its own and returns what it printed.
  @discardableResult
  private func tmux(startingServer: Bool = false, _ arguments: [String]) async throws -> String {
    let (socket, environment) = (self.socket, self.environment)
    return try await OwnThread.run {
      try Self.tmux(
        socket: socket, environment: environment, startingServer: startingServer, arguments)
    }
  }

  /// Runs a tmux command and returns what it printed, with `posix_spawn` and `waitpid`:
  /// Foundation's `Process` waits for a run loop a test thread does not run. It blocks:
  /// only for a thread of its own, or a moment in `deinit`.
  ///
  /// - Parameter startingServer: The command starts the server, which lives on with the
  ///   descriptors it was given: its output then goes nowhere, or reading it would never end.
  @discardableResult
  private static func tmux(
    socket: String, environment: [String: String], startingServer: Bool = false,
    _ arguments: [String]
  ) throws -> String {
    let outputPath = socket + ".out-\(UUID().uuidString)"
    defer { unlink(outputPath) }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, startingServer ? "/dev/null" : outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    Descriptors.closeOnExec()
    let argv = ["tmux", "-S", socket, "-f", "/dev/null"] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = envp.map { strdup($0) } + [nil]
    defer { for pointer in cArguments + cEnvironment { free(pointer) } }
    // Every signal as a new process has it: the test's threads block some, and a server
    // started with SIGTERM blocked never ends on kill-server (tmux sends itself SIGTERM).
    var attributes = posix_spawnattr_t()
    ChildProcess.startingWithDefaultSignals(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, cArguments, cEnvironment)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard !startingServer else { return "" }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }
}
