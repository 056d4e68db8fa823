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

  /// A write waits for the library's lock (held here, as `repair` holds it) on the main
  /// thread, as its reads ran: `progress set` starts no thread. (Its calls to the library
  /// come from the main actor, in the task that prefers the main thread.)
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func aWriteStartsNoThread() async throws {
    let book = try await SQLiteLibrary(path: library).add(
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], pageCount: 800))
    // A full run on two cores once kept this task from looking for longer than bookclub
    // waits for the lock (10 s): bookclub gave up before it was seen waiting. Such a run
    // says nothing of threads, and is tried again.
    var waited: (status: Int32, threads: Int) = (-1, 0)
    for _ in 1...3 where waited.status != 0 {
      waited = try await threadsWhileWaitingForTheLock(book.id)
    }
    #expect(waited.status == 0)
    #expect(waited.threads == 1)
  }

  /// Runs `progress set` on `book` while the library's lock is held, and counts its threads
  /// while it waits for the lock.
  ///
  /// - Returns: How bookclub exited, and its threads as it waited.
  func threadsWhileWaitingForTheLock(_ book: Book.ID) async throws -> (
    status: Int32, threads: Int
  ) {
    let lock = open(library + ".lock", O_RDWR | O_CREAT, 0o644)
    defer { close(lock) }
    try #require(flock(lock, LOCK_EX) == 0)
    let process = try home.bookclub.start(
      ["progress", "set", "\(book)", "20", "--library", library], output: Pipe())
    let tasks = "/proc/\(process.processIdentifier)/task"
    var threads = 0
    try? await Wait.until("bookclub to wait for the library's lock") {
      let all = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
      threads = all.count
      // The wait sleeps between attempts to take the lock.
      let sleeping = all.contains { task in
        let channel = try? String(contentsOfFile: "\(tasks)/\(task)/wchan", encoding: .utf8)
        return channel?.contains("nanosleep") ?? false
      }
      return sleeping || !process.isRunning
    }
    flock(lock, LOCK_UN)
    return (try await process.exited(), threads)
  }

  /// `show` reads the book, its details and its history from the main actor: no thread
  /// either. Its notes fill the pipe, so it blocks printing them.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func aBookShownStartsNoThread() async throws {
    let library = SQLiteLibrary(path: self.library)
    let book = try await library.add(try NewBook(title: "Middlemarch", authors: ["George Eliot"]))
    let start = Date(milliseconds: 1_700_000_000_000)
    for index in 0..<3 {
      _ = try await library.record(
        Double(index + 1) / 10, on: book.id, at: start + Double(index) * 60,
        note: String(repeating: "a long note, number \(index), ", count: 2000))
    }
    #expect(try await threadsWhileWriting(["show", "1"]) == 1)
  }
}
