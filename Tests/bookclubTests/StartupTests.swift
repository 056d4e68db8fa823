import Foundation
import ReadingModel
import TestSupport
import Testing

/// What a command does before its first line of output (issue 11): a read in a script
/// starts no thread, neither the shared pool's nor a signal handler's.
@Suite struct StartupTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// Starts `bookclub arguments` with stdout on a pipe nobody reads yet, waits until the
  /// pipe is full and bookclub blocks writing its page, and counts its threads then.
  func threadsWhileWriting(_ arguments: [String]) async throws -> Int {
    let output = Pipe()
    let process = try home.bookclub.start(arguments + ["--library", library], output: output)
    let tasks = "/proc/\(process.processIdentifier)/task"
    let stack = "/proc/\(process.processIdentifier)/wchan"
    // Blocked in a write to the full pipe: the page has been read and is being printed.
    var blocked = false
    try? await Wait.until("bookclub to block writing to the full pipe") {
      blocked = ((try? String(contentsOfFile: stack, encoding: .utf8)) ?? "").contains("pipe")
      return blocked || !process.isRunning
    }
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks).count) ?? 0
    // The rest, read on a thread of its own, lets it end.
    let reading = output.fileHandleForReading
    _ = try await OwnThread.run { try reading.readToEnd() }
    try await process.exited()
    try #require(blocked, "bookclub never blocked writing its page")
    return threads
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func aPageReadStartsNoThread() async throws {
    try await SQLiteLibrary(path: library).bulkAdd(
      (0..<1000).map { try NewBook(title: "A rather long title, number \($0)", authors: ["Me"]) })
    #expect(try await threadsWhileWriting(["list", "--limit", "1000"]) == 1)
    #expect(try await threadsWhileWriting(["list", "--limit", "1000", "--json"]) == 1)
  }

  /// The commands on one book load its history through `CurrentlyReading`.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func aBooksHistoryStartsNoThread() async throws {
    let library = SQLiteLibrary(path: self.library)
    let book = try await library.add(try NewBook(title: "Middlemarch", authors: ["George Eliot"]))
    let start = Date(milliseconds: 1_700_000_000_000)
    for index in 0..<1200 {
      _ = try await library.record(
        Double(index % 100) / 100, on: book.id, at: start + Double(index) * 60,
        note: "a note long enough to fill the pipe sooner, number \(index)")
    }
    #expect(try await threadsWhileWriting(["progress", "show", "1"]) == 1)
  }
}
