import CSQLite
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `repair` among other bookclubs: writers that run during a repair lose nothing, a killed
/// repair leaves nothing behind, two repairs at once take turns.
@Suite struct RepairConcurrencyTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }
  var environment: [String: String] { ["BOOKCLUB_LIBRARY": library] }

  @discardableResult
  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(arguments, extraEnvironment: environment)
  }

  /// Makes the counts per status wrong, as another program could: `check` calls the
  /// library damaged and `repair` recomputes them, while writers never notice.
  func damage() async throws {
    let library = self.library
    // On a thread of its own, as it may wait for the lock: eight writers take turns with it,
    // for a minute at most (a hang guard, however busy the machine).
    let code = try await OwnThread.run {
      var handle: OpaquePointer?
      guard sqlite3_open(library, &handle) == SQLITE_OK else { return SQLITE_CANTOPEN }
      defer { sqlite3_close(handle) }
      sqlite3_busy_timeout(handle, 60_000)
      return sqlite3_exec(handle, "UPDATE book_counts SET books = books + 1000", nil, nil, nil)
    }
    #expect(code == SQLITE_OK)
  }

  /// Every note's text in book 1.
  func notes() async throws -> Set<String> {
    let listed = try await run(["note", "list", "1", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
    let notes = object?["notes"] as? [[String: Any]] ?? []
    return Set(notes.compactMap { $0["note"] as? String })
  }

  /// A library of `books` books, imported.
  func makeLibrary(books: Int) async throws {
    let csv = home.path("books.csv")
    try GeneratedExport.goodreads(rows: books).write(
      toFile: csv, atomically: false, encoding: .utf8)
    #expect(try await run(["import", csv]).status == 0)
  }

  /// What is beside the library that is neither the library, its journal, its lock, nor a
  /// finished backup.
  func litter() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: home.url.path)
      .filter { $0.hasPrefix("library.sqlite") }
      .filter { name in
        let kept = [
          "library.sqlite", "library.sqlite-wal", "library.sqlite-shm", "library.sqlite.lock",
        ]
        return !kept.contains(name)
          && name.wholeMatch(of: /library\.sqlite\.damaged-\d{8}T\d{6}(-\d+)?(-wal)?/) == nil
      }
      .sorted()
  }

  @Test func everyWriteThatSucceededDuringRepairsIsKept() async throws {
    #expect(
      try await run(["add", "The Long Book", "-a", "Someone", "--pages", "100000"]).status == 0)
    let writers = 8
    let repairs = 5
    let stop = StopFlag()
    let bookclub = home.bookclub
    let environment = environment
    let written = try await withThrowingTaskGroup(of: (kept: [String], failed: Int).self) { group in
      for writer in 0..<writers {
        group.addTask {
          var kept: [String] = []
          var failed = 0
          var write = 0
          while !stop.isSet || write < 4 {
            let text = "writer \(writer) write \(write)"
            let arguments =
              write.isMultiple(of: 2)
              ? ["progress", "set", "1", "+1", "--note", text] : ["note", "add", "1", text]
            let status = try await bookclub.runConcurrently(
              arguments, extraEnvironment: environment)
            if status == 0 { kept.append(text) } else { failed += 1 }
            write += 1
          }
          return (kept, failed)
        }
      }
      for _ in 0..<repairs {
        try await Task.sleep(for: .milliseconds(150))
        try await damage()
        let repaired = try await run(["repair"])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stdout.contains("Repaired the library"), "\(repaired.stdout)")
      }
      stop.set()
      return try await group.reduce(into: (kept: [String](), failed: 0)) {
        $0.kept += $1.kept
        $0.failed += $1.failed
      }
    }
    let found = try await notes()
    let lost = written.kept.filter { !found.contains($0) }
    #expect(lost.isEmpty, "\(lost.count) of \(written.kept.count) writes that succeeded are lost")
    #expect(!written.kept.isEmpty)
    let check = try await run(["check"])
    #expect(check.status == 0, "\(check.stdout)")
    print(
      "repair: \(repairs) repairs during \(writers) writers: \(written.kept.count) writes",
      "succeeded, \(written.failed) failed, \(lost.count) lost")
  }

  @Test func aKilledRepairLeavesNothingBehindAndTheNextOneWorks() async throws {
    try await makeLibrary(books: 3000)
    var seen: Set<String> = []
    for delay in [0, 5, 20, 60, 120, 250, 500] {
      try await damage()
      let repair = try home.bookclub.start(["repair", "--library", library])
      try await Task.sleep(for: .milliseconds(delay))
      kill(repair.processIdentifier, SIGKILL)
      try await repair.exited()
      seen.formUnion(try litter().map { $0.replacing(/\d+/, with: "N") })
      let listed = try await run(["list", "--limit", "1"])
      #expect(listed.status == 0, "after a kill at \(delay) ms: \(listed.stderr)")
    }
    let repaired = try await run(["repair"])
    #expect(repaired.status == 0, "\(repaired.stderr)")
    #expect(try litter() == [])
    let check = try await run(["check"])
    #expect(check.status == 0, "\(check.stdout)")
    #expect(check.stdout.contains("3000 books"))
    #expect(try await run(["add", "After the kills", "-a", "Someone"]).status == 0)
    print("repair: killed repairs left \(seen.sorted()), removed by the next repair")
  }

  @Test func twoRepairsAtOnceTakeTurns() async throws {
    try await makeLibrary(books: 300)
    for _ in 0..<3 {
      try await damage()
      let (bookclub, environment) = (home.bookclub, environment)
      async let first = bookclub.run(["repair"], extraEnvironment: environment)
      async let second = bookclub.run(["repair"], extraEnvironment: environment)
      let results = try await [first, second]
      for result in results {
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
      }
      let outputs = results.map(\.stdout)
      #expect(outputs.contains { $0.contains("Repaired the library") }, "\(outputs)")
      #expect(
        outputs.allSatisfy {
          $0.contains("Repaired the library") || $0.contains("nothing to repair")
        })
    }
    #expect(try litter() == [])
    #expect(try await run(["check"]).status == 0)
  }
}

/// Set once, read by every writer.
final class StopFlag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .acquiring) }
  func set() { value.store(true, ordering: .releasing) }
}
