import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub` at a pseudo-terminal (through `script`), driven the way a person drives it:
/// wait until the screen shows something, then type. Nothing sleeps for a guessed time, and
/// nothing blocks a thread of the concurrency pool: a thread of its own reads the terminal.
final class TerminalSession {
  // Foundation's `Process`, not the tests' ``SpawnedProcess``: under the latter, `script`'s
  // program stalled after its first batch of cover fetches (not understood yet); the crash
  // `SpawnedProcess` avoids is rare enough for these few sessions.
  private let process = Foundation.Process()
  private let input = Pipe()
  private let output = Pipe()
  private let shown = Shown()

  /// Everything the terminal showed so far.
  var screen: String { shown.text }

  /// Starts `bookclub arguments` at a terminal, of `rows` when given.
  init(_ arguments: [String], environment: [String: String], rows: Int? = nil) throws {
    let bookclub = ([BookclubProcess.executable.path] + arguments).map(Self.quote)
      .joined(separator: " ")
    let command = rows.map { "stty rows \($0) cols 80 && exec " + bookclub } ?? bookclub
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let descriptor = output.fileHandleForReading.fileDescriptor
    let shown = self.shown
    // Holds the pipe's reading end, not the session: a session a test lets go of ends.
    let reading = output.fileHandleForReading
    Thread {
      withExtendedLifetime(reading) { shown.collect(from: descriptor) }
    }.start()
  }

  /// A session a test gave up on (it timed out) ends with it: `script` ends its program.
  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Waits until the screen shows `text`, `times` times.
  ///
  /// - Throws: ``Timeout`` after `seconds` (a hang guard), or when the terminal closed
  ///   without showing it, with what the screen showed.
  func waitFor(_ text: String, times: Int = 1, seconds: Double = 60) async throws {
    var guardTime = HangGuard(seconds: seconds)
    while true {
      let (screen, ended) = shown.state
      if screen.components(separatedBy: text).count - 1 >= times { return }
      guard !ended, !guardTime.hasRunOut() else {
        throw Timeout(waitingFor: text, screen: screen, detail: guardTime.summary)
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Types `keys`.
  func type(_ keys: String) {
    input.fileHandleForWriting.write(Data(keys.utf8))
  }

  /// Types `keys` the moment the screen shows `text`, from the thread that reads the
  /// terminal: a task's turn can come seconds late on a busy machine, after the program
  /// has moved on.
  func type(_ keys: String, whenShown text: String) {
    shown.whenShown(text, write: Array(keys.utf8), to: input.fileHandleForWriting.fileDescriptor)
  }

  /// Waits for the program to end.
  ///
  /// - Returns: Its exit status and everything the terminal showed.
  /// - Throws: ``Timeout`` if it still runs after a minute (a hang guard).
  func finish() async throws -> (status: Int32, screen: String) {
    try? input.fileHandleForWriting.close()
    let process = self.process
    do {
      try await Wait.until("the program at the terminal to end") {
        shown.state.ended && !process.isRunning
      }
    } catch {
      throw Timeout(waitingFor: "the program to end", screen: screen)
    }
    return (process.terminationStatus, screen)
  }

  private static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  struct Timeout: Error, CustomStringConvertible {
    let waitingFor: String
    let screen: String
    /// How the wait went (its ``HangGuard/summary``).
    var detail: String? = nil
    var description: String {
      "waited for \"\(waitingFor)\"\(detail.map { " (\($0))" } ?? ""); the screen showed: \(screen)"
    }
  }

  /// What the terminal showed, read on a thread of its own until it closed.
  private final class Shown: Sendable {
    private struct Trigger {
      var text: String
      var keys: [UInt8]
      var descriptor: Int32
    }

    private let bytes = Mutex((data: [UInt8](), ended: false))
    private let trigger = Mutex<Trigger?>(nil)

    var text: String { state.text }

    /// The text so far, and whether the terminal has closed.
    var state: (text: String, ended: Bool) {
      bytes.withLock { (String(decoding: $0.data, as: UTF8.self), $0.ended) }
    }

    /// Reads `descriptor` to its end (blocking: only ever on a thread of its own).
    func collect(from descriptor: Int32) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes.withLock { $0.data += buffer[..<count] }
        pullTrigger()
      }
      bytes.withLock { $0.ended = true }
    }

    /// Writes `keys` to `descriptor` once the text shows (at once if it has).
    func whenShown(_ text: String, write keys: [UInt8], to descriptor: Int32) {
      trigger.withLock { $0 = Trigger(text: text, keys: keys, descriptor: descriptor) }
      pullTrigger()
    }

    private func pullTrigger() {
      let due = trigger.withLock { trigger -> Trigger? in
        guard let waiting = trigger, text.contains(waiting.text) else { return nil }
        trigger = nil
        return waiting
      }
      guard let due else { return }
      _ = due.keys.withUnsafeBytes { write(due.descriptor, $0.baseAddress, $0.count) }
    }
  }
}
