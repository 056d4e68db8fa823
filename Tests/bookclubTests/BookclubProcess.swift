import Foundation
import TestSupport
import Testing

/// Runs the built `bookclub` binary, as a person would, in an environment of its own.
///
/// Every run gets a private HOME and XDG folders, so no test can touch a real library.
struct BookclubProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let home: URL
  var environment: [String: String]

  init(home: URL) {
    self.home = home
    environment = [
      "HOME": home.path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "COLUMNS": "80",
      // Local days and times are UTC unless a test says otherwise, whatever the machine's zone.
      "TZ": "UTC",
      "TMPDIR": home.appendingPathComponent("tmp").path,
      // Tests never reach the internet: Open Library is nowhere unless a test serves it.
      "BOOKCLUB_OPENLIBRARY_URL": "http://127.0.0.1:9", "BOOKCLUB_COVERS_URL": "http://127.0.0.1:9",
    ]
    try? FileManager.default.createDirectory(
      at: home.appendingPathComponent("tmp"), withIntermediateDirectories: true)
  }

  /// The `bookclub` executable built next to this test bundle.
  static let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["BOOKCLUB_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    let beside = Bundle.main.bundleURL.appendingPathComponent("bookclub")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    // Xcode and some runners put the bundle one level deeper.
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("bookclub")
  }()

  /// Runs `bookclub` (or another program) with `arguments`, waiting for it without holding
  /// a thread, so tests that run programs run side by side.
  ///
  /// - Parameters:
  ///   - extraEnvironment: Variables to add for this run.
  ///   - input: What to send on stdin (closed otherwise).
  @discardableResult
  func run(
    executable: URL = Self.executable, _ arguments: [String],
    extraEnvironment: [String: String] = [:], input: String = "", in directory: URL? = nil
  ) async throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.currentDirectoryURL = directory
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    let folder = home.appendingPathComponent("runs/\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    let inURL = folder.appendingPathComponent("stdin")
    // Files rather than pipes: nothing can deadlock on a full pipe buffer.
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    try Data(input.utf8).write(to: inURL)
    let stdout = try FileHandle(forWritingTo: outURL)
    let stderr = try FileHandle(forWritingTo: errURL)
    let stdin = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    let status = try await Self.waitForExit(of: process)
    try stdout.close()
    try stderr.close()
    try stdin.close()
    return Result(
      status: status,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }

  /// Starts `process` and waits for it to exit without blocking a thread.
  ///
  /// - Returns: Its exit status (or the signal that ended it).
  static func waitForExit(of process: Process) async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
  }
}

extension BookclubProcess {
  /// Starts `bookclub` without waiting for it; stdin, and stdout or stderr when no pipe is
  /// given, are the null device.
  ///
  /// - Returns: The running process.
  func start(_ arguments: [String], output: Pipe? = nil, errors: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = errors ?? FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Runs `bookclub` with its output thrown away: for many processes at once.
  func runConcurrently(_ arguments: [String], extraEnvironment: [String: String] = [:])
    async throws -> Int32
  {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    return try await Self.waitForExit(of: process)
  }
}

/// How hard the reliability tests push: a fast version in every `swift test`, the full one
/// with `BOOKCLUB_STRESS=1` (what `bench/stress` runs).
enum Stress {
  static let isFull = ProcessInfo.processInfo.environment["BOOKCLUB_STRESS"] == "1"

  /// `fast` in a normal run, `full` under stress.
  static func scale(fast: Int, full: Int) -> Int { isFull ? full : fast }
}

/// A private home folder for one test.
final class TestHome {
  let url: URL
  let bookclub: BookclubProcess

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("bookclub-e2e-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    bookclub = BookclubProcess(home: url)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

extension TestHome {
  /// Runs `arguments` as this member until stderr contains `text`, for up to a minute (a
  /// hang guard): what a background sync did is seen by a later command.
  func waitUntil(_ arguments: [String], saysOnStderr text: String) async throws -> Bool {
    let bookclub = self.bookclub
    do {
      try await Wait.until("\(arguments) to say \(text)", interval: .milliseconds(200)) {
        try await bookclub.run(arguments).stderr.contains(text)
      }
      return true
    } catch is Wait.GaveUp {
      return false
    }
  }

  /// Waits until no background sync of this member's runs (`club sync` for a library in
  /// this home, from the moment its shell has started it): what one would do is done.
  func waitForBackgroundSyncs() async throws {
    let home = url.path
    try await Wait.until("the background syncs of \(home) to end", interval: .milliseconds(50)) {
      ProcessTable.matching(all: ["club sync", home]).isEmpty
    }
  }
}
