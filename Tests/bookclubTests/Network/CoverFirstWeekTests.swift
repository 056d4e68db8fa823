import Foundation
import TestSupport
import Testing

/// Covers as a new reader met them in their first week (issue 26): offline, `show` says
/// once that Open Library cannot be reached and then shows books without asking again for
/// a while; inside tmux without `COLORTERM`, `cover` says what would draw half blocks.
/// Nothing serves here: Open Library is a closed port on loopback.
@Suite struct CoverFirstWeekTests {
  let home = TestHome()

  var cache: String { home.path(".cache/bookclub/covers") }

  var terminal: [String: String] {
    home.bookclub.environment.merging([
      "TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "100",
    ]) { $1 }
  }

  func addShelf() async throws {
    for n in 1...3 {
      let added = try await home.bookclub.run(
        ["add", "Book \(n)", "--author", "Someone", "--isbn", CoverFetchingTests.shelfISBN(n)])
      try #require(added.status == 0, "\(added.stderr)")
    }
  }

  /// `show <book>` at a terminal, to its end.
  func show(_ book: String) async throws -> String {
    let session = try TerminalSession(["show", book], environment: terminal, rows: 40)
    try await session.waitFor("Book \(book)")
    let shown = try await session.finish()
    #expect(shown.status == 0, "\(shown.screen)")
    return shown.screen
  }

  @Test func offlineShowSaysSoOnceAndThenShowsBooksWithoutAsking() async throws {
    try await addShelf()
    let first = try await show("1")
    #expect(first.contains("No cover: Cannot connect"), "\(first)")
    #expect(first.contains("For the next 10 minutes, show draws cached covers only"), "\(first)")

    for book in ["2", "3", "1"] {
      let later = try await show(book)
      #expect(!later.contains("No cover"), "\(later)")
      #expect(!later.contains("offline"), "\(later)")
    }

    // Ten minutes on (the time remembered, put back), it is asked and said again.
    let remembered = cache + "/unreachable"
    #expect(FileManager.default.fileExists(atPath: remembered))
    try Data("0\n".utf8).write(to: URL(fileURLWithPath: remembered))
    #expect(try await show("2").contains("No cover: Cannot connect"))
  }

  @Test func aGarbledMemoryIsNoMemory() async throws {
    try await addShelf()
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    try Data("soon".utf8).write(to: URL(fileURLWithPath: cache + "/unreachable"))
    #expect(try await show("2").contains("No cover: Cannot connect"))
  }

  @Test func insideTmuxWithoutCOLORTERMCoverSaysWhatWouldDrawIt() async throws {
    try await addShelf()
    var environment = home.bookclub.environment
    environment["TERM"] = "tmux-256color"
    environment["TMUX"] = "/tmp/tmux-0/default,1,0"
    environment["COLORTERM"] = nil
    let session = try TerminalSession(["cover", "1"], environment: environment)
    try await session.waitFor("Error")
    let said = try await session.finish()
    #expect(said.status == 1)
    #expect(said.screen.contains("COLORTERM is truecolor or 24bit"), "\(said.screen)")
    #expect(said.screen.contains("export COLORTERM=truecolor"), "\(said.screen)")
  }
}

/// Open Library answering again: the memory that it could not be reached is forgotten.
@Suite(.requires(.python3))
struct CoverReachableAgainTests {
  let home = TestHome()

  @Test func anAnswerForgetsThatOpenLibraryWasUnreachable() async throws {
    let server = try await FixtureServer()
    let added = try await home.bookclub.run(
      ["add", "Pride and Prejudice", "--author", "Jane Austen", "--isbn", "9780141439518"])
    try #require(added.status == 0, "\(added.stderr)")
    let cache = home.path(".cache/bookclub/covers")
    let offline = try await home.bookclub.run(["covers", "fetch", "1"])
    #expect(offline.status == 1)
    #expect(FileManager.default.fileExists(atPath: cache + "/unreachable"))
    let online = try await home.bookclub.run(
      ["covers", "fetch", "1"], extraEnvironment: ["BOOKCLUB_COVERS_URL": server.url])
    #expect(online.status == 0, "\(online.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cache + "/unreachable"))
  }
}
