import Foundation
import TestSupport

@testable import bookclub

/// `bookclub browse` inside a real terminal emulator: a tmux server of its own, driven
/// with `send-keys` and read with `capture-pane`, as a person would see it.
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
  ) throws {
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
    try tmux(
      startingServer: true,
      [
        "new-session", "-d", "-s", "e2e", "-x", String(width), "-y", String(height),
        "/bin/sh", "-c", script,
      ])
  }

  deinit {
    _ = try? tmux(["kill-server"])
    unlink(socket)
  }

  /// Ends the terminal itself, as closing its window would: the programs in it lose it.
  func closeTerminal() throws {
    try tmux(["kill-server"])
  }

  /// The screen now, as text; with `styles`, with the SGR sequences tmux draws it with.
  func screen(styles: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-t", "e2e"] + (styles ? ["-e"] : []))
  }

  /// Waits until the screen shows `text`.
  ///
  /// - Returns: The screen that showed it.
  /// - Throws: ``TerminalSession/Timeout`` after `seconds`, with the last screen.
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 15) throws -> String {
    try waitUntil(seconds: seconds, waitingFor: text) { $0.contains(text) }
  }

  /// Waits until `condition` holds for the screen.
  @discardableResult
  func waitUntil(
    seconds: Double = 15, waitingFor description: String, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var shown = ""
    while Date() < deadline {
      shown = try screen()
      if condition(shown) { return shown }
      usleep(20_000)
    }
    throw TerminalSession.Timeout(waitingFor: description, screen: shown)
  }

  /// Presses keys by tmux's names: `Enter`, `Escape`, `PageDown`, `C-c`, or a letter.
  func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "e2e"] + keys)
  }

  /// Types text literally.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", "e2e", "-l", text])
  }

  /// Resizes the terminal; the program gets SIGWINCH.
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "e2e", "-x", String(width), "-y", String(height)])
  }

  /// Presses `key` to open a prompt, types `text` into it and presses Enter.
  func answer(_ key: String, _ text: String) throws {
    try press(key)
    try type(text)
    try press("Enter")
  }

  /// Whether the pane shows the alternate screen.
  func isOnAlternateScreen() throws -> Bool {
    try tmux(["display-message", "-p", "-t", "e2e", "#{alternate_on}"]).hasPrefix("1")
  }

  /// Runs a tmux command and returns what it printed, with `posix_spawn` and `waitpid`:
  /// Foundation's `Process` waits for a run loop a test thread does not run.
  ///
  /// - Parameter startingServer: The command starts the server, which lives on with the
  ///   descriptors it was given: its output then goes nowhere, or reading it would never end.
  @discardableResult
  private func tmux(startingServer: Bool = false, _ arguments: [String]) throws -> String {
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
