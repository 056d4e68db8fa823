import CSQLite
import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

#if canImport(Glibc)
  import Glibc
#endif

/// The reliability suite: concurrent writers lose nothing, readers never see half an
/// import, SIGKILL at any moment leaves a sound library with every write that succeeded,
/// and no input makes the parser or the CSV reader crash or hang. A fast version runs in
/// every `swift test`; `BOOKCLUB_STRESS=1` (`bench/stress`) runs the full one. Each test
/// prints its counts on the test output.
@Suite struct ReliabilityTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library])
  }

  func books() async throws -> [[String: Any]] {
    let listed = try await run(["list", "--all", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
    return object?["books"] as? [[String: Any]] ?? []
  }

  @Test func concurrentWritersLoseNothing() async throws {
    let writers = 8
    let writes = Stress.scale(fast: 10, full: 200)
    _ = try await run(["add", "The Long Book", "--author", "Someone", "--pages", "10000"])
    let bookclub = home.bookclub
    let environment = ["BOOKCLUB_LIBRARY": library]
    let failures = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<writers {
        group.addTask {
          var failures = 0
          for _ in 0..<writes {
            let status = try await bookclub.runConcurrently(
              ["progress", "set", "1", "+1"], extraEnvironment: environment)
            if status != 0 { failures += 1 }
          }
          return failures
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(failures == 0)
    let history = try await run(["progress", "show", "1", "--json"]).stdout
    let object = try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any]
    let entries = object?["entries"] as? [[String: Any]] ?? []
    #expect(entries.count == writers * writes)
    // Every "+1" read the page the one before it wrote: no update was lost.
    #expect(entries.last?["page"] as? Int == writers * writes)
    print(
      "reliability: \(writers) processes × \(writes) progress set: \(writers * writes) writes,",
      "\(writers * writes - entries.count) lost")
  }

  @Test func readersNeverSeeHalfAnImport() async throws {
    _ = try await run(["add", "Already here", "--author", "Someone"])
    let rows = Stress.scale(fast: 2000, full: 30000)
    let csv = home.path("big.csv")
    try GeneratedExport.goodreads(rows: rows).write(toFile: csv, atomically: false, encoding: .utf8)
    let importer = Process()
    importer.executableURL = BookclubProcess.executable
    importer.arguments = ["import", csv, "--library", library]
    importer.environment = home.bookclub.environment
    importer.standardError = FileHandle.nullDevice
    try importer.run()
    var seen: Set<Int> = []
    var reads = 0
    repeat {
      await seen.insert(try books().count)
      reads += 1
      try await Task.sleep(for: .milliseconds(Stress.scale(fast: 30, full: 0)))
    } while !seen.contains(rows + 1) && reads < 200
    #expect(try await importer.exited() == 0)
    await seen.insert(try books().count)
    #expect(seen.isSubset(of: [1, rows + 1]), "counts seen: \(seen.sorted())")
    print("reliability: \(reads) lists during a \(rows)-row import saw only \(seen.sorted())")
  }

  @Test func killedWritersLeaveASoundLibraryWithEverySuccessfulWrite() async throws {
    let kills = Stress.scale(fast: 20, full: 300)
    _ = try await run(["add", "Seed", "--author", "Someone"])
    var generator = SeededGenerator(seed: 20_261_130)
    var succeeded: [String] = []
    var killed = 0
    for attempt in 0..<kills {
      let title = "Written \(attempt)"
      let process = Process()
      process.executableURL = BookclubProcess.executable
      process.arguments = ["add", title, "--author", "Writer", "--library", library]
      process.environment = home.bookclub.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      try await Task.sleep(for: .microseconds(Int.random(in: 0...40_000, using: &generator)))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      try await process.exited()
      if process.terminationReason == .exit && process.terminationStatus == 0 {
        succeeded.append(title)
      }
    }
    let check = try await run(["check"])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("is sound"))
    let titles = await Set(try books().compactMap { $0["title"] as? String })
    for title in succeeded { #expect(titles.contains(title), "\(title) was lost") }
    let written = try await run(["add", "After the kills", "--author", "Someone"])
    #expect(written.status == 0)
    let lost = succeeded.filter { !titles.contains($0) }.count
    print(
      "reliability: \(kills) writers started, \(killed) killed, \(succeeded.count) succeeded,",
      "\(lost) lost, integrity ok")
  }

  @MainActor @Test func randomCommandLinesNeverCrashTheParser() async {
    let count = Stress.scale(fast: 20_000, full: 1_000_000)
    var generator = SeededGenerator(seed: 42)
    let words = [
      "list", "add", "show", "status", "progress", "set", "note", "select", "settings",
      "import", "export", "check", "repair", "demo", "help", "toggle", "edit", "remove",
      "--limit", "--after", "--json", "--all", "--sort", "--status", "--search", "--author", "-a",
      "--pages", "--isbn", "--note", "--at", "--library", "--format", "--output", "-o", "--",
      "--help", "-h", "--version", "--generate-completion-script", "bash", "1", "-5", "+20",
      "45%", "done", "=", "--limit=3", "--json=1", "", " ", "é", "\u{1B}[2J", "-", "--x",
      "9223372036854775808", "title", "reading", "id",
    ]
    let parser = CommandParser(root: Bookclub.self)
    var outcomes = [0, 0]
    for _ in 0..<count {
      let length = Int.random(in: 0...6, using: &generator)
      let tokens = (0..<length).map { _ in words.randomElement(using: &generator) ?? "" }
      do {
        _ = try parser.parse(tokens)
        outcomes[0] += 1
      } catch {
        outcomes[1] += 1
      }
    }
    #expect(outcomes[0] + outcomes[1] == count)
    print(
      "reliability: \(count) random command lines parsed: \(outcomes[0]) accepted,",
      "\(outcomes[1]) usage errors")
  }

  @Test func randomBytesNeverCrashOrHangTheCSVReader() async throws {
    let count = Stress.scale(fast: 20_000, full: 1_000_000)
    var generator = SeededGenerator(seed: 7)
    let alphabet: [UInt8] = Array("a,\"\n\r \t=é".utf8) + [0x00, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF]
    var records = 0
    var errors = 0
    for _ in 0..<count {
      let length = Int.random(in: 0...64, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      var reader = CSVReader(bytes: bytes)
      var steps = 0
      do {
        while try reader.next() != nil {
          records += 1
          steps += 1
          #expect(steps <= length + 1, "the reader does not advance")
          if steps > length + 1 { break }
        }
      } catch {
        errors += 1
      }
    }
    print("reliability: \(count) random CSV inputs: \(records) records, \(errors) errors")
  }
}
