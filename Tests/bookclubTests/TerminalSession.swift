import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub` at a pseudo-terminal (through `script`), driven the way a person drives it:
/// wait until the screen shows something, then type. Nothing sleeps for a guessed time.
final class TerminalSession {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// Everything the terminal showed so far.
  private(set) var screen = ""

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
  }

  /// A session a test gave up on (it timed out) ends with it: `script` ends its program.
  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Waits until the screen shows `text`, `times` times.
  ///
  /// - Throws: ``Timeout`` after `seconds`, with what the screen showed.
  func waitFor(_ text: String, times: Int = 1, seconds: Double = 20) throws {
    let deadline = Date().addingTimeInterval(seconds)
    let descriptor = output.fileHandleForReading.fileDescriptor
    while screen.components(separatedBy: text).count - 1 < times {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { throw Timeout(waitingFor: text, screen: screen) }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { throw Timeout(waitingFor: text, screen: screen) }
      screen += String(decoding: buffer[..<count], as: UTF8.self)
    }
  }

  /// Types `keys`.
  func type(_ keys: String) {
    input.fileHandleForWriting.write(Data(keys.utf8))
  }

  /// Waits for the program to end.
  ///
  /// - Returns: Its exit status and everything the terminal showed.
  func finish() -> (status: Int32, screen: String) {
    try? input.fileHandleForWriting.close()
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    screen += String(decoding: rest, as: UTF8.self)
    return (process.terminationStatus, screen)
  }

  private static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  struct Timeout: Error, CustomStringConvertible {
    let waitingFor: String
    let screen: String
    var description: String { "waited for \"\(waitingFor)\"; the screen showed: \(screen)" }
  }
}
