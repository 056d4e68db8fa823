import Foundation
import ReadingModel
import Testing

@testable import bookclub

/// With Open Library out of reach, every command that would fetch a cover says so once and
/// goes on with what is cached. Nothing serves here: tests point Open Library at a closed
/// port.
@Suite struct OfflineCoverTests {
  let home = TestHome()

  var cache: String { home.path(".cache/bookclub/covers") }

  /// Six shelf books; the first has a cover cached 30 days ago and more, so every command
  /// that shows it asks for it again.
  func addShelfWithOneOldCover() async throws {
    for n in 1...6 {
      let added = try await home.bookclub.run(
        ["add", "Book \(n)", "--author", "Someone", "--isbn", CoverFetchingTests.shelfISBN(n)])
      try #require(added.status == 0, "\(added.stderr)")
    }
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../ImageDecodingTests/Fixtures/jpeg-420.jpg")
    let isbn = CoverFetchingTests.shelfISBN(1)
    try Data(contentsOf: fixture).write(to: URL(fileURLWithPath: cache + "/\(isbn).img"))
    try Data(#"{"fetched":0,"missing":false}"#.utf8)
      .write(to: URL(fileURLWithPath: cache + "/\(isbn).meta"))
  }

  func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }

  var terminal: [String: String] {
    home.bookclub.environment.merging([
      "TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "100",
    ]) { $1 }
  }

  @Test func coversFetchStopsAfterABatchThatCannotConnectAndSaysSoOnce() async throws {
    try await addShelfWithOneOldCover()
    let fetch = try await home.bookclub.run(["covers", "fetch", "--all"])
    #expect(fetch.status == 1)
    #expect(fetch.stdout == "0 fetched, 0 unchanged, 0 without a cover, 0 fresh in the cache.\n")
    #expect(occurrences(of: "are you offline?", in: fetch.stderr) == 1, "\(fetch.stderr)")
    #expect(fetch.stderr.contains("Not fetched (4 covers: "), "\(fetch.stderr)")
    #expect(fetch.stderr.contains("2 more covers were not asked for"), "\(fetch.stderr)")
    // The cached cover is as it was.
    #expect(
      FileManager.default.fileExists(atPath: cache + "/\(CoverFetchingTests.shelfISBN(1)).img"))
  }

  @Test func coverAndShowDrawTheCachedCoverAndSayWhyItWasNotCheckedOnce() async throws {
    try await addShelfWithOneOldCover()
    let cover = try TerminalSession(["cover", "1"], environment: terminal)
    try await cover.waitFor("▀")
    let drawn = try await cover.finish()
    #expect(drawn.status == 0, "\(drawn.screen)")
    #expect(occurrences(of: "are you offline?", in: drawn.screen) == 1, "\(drawn.screen)")
    #expect(drawn.screen.contains("Showing the cached cover: Cannot connect"))

    // Said once: for a while, show draws what is cached without asking again.
    let cached = try TerminalSession(["show", "1"], environment: terminal, rows: 40)
    try await cached.waitFor("Book 1")
    let shown = try await cached.finish()
    #expect(shown.status == 0)
    #expect(shown.screen.contains("▀"))
    #expect(occurrences(of: "are you offline?", in: shown.screen) == 0, "\(shown.screen)")

    let uncached = try TerminalSession(["show", "2"], environment: terminal, rows: 40)
    try await uncached.waitFor("Book 2")
    let plain = try await uncached.finish()
    #expect(plain.status == 0)
    #expect(!plain.screen.contains("▀"))
    #expect(!plain.screen.contains("No cover"), "\(plain.screen)")
  }

  @Test func aFIFOOrAFolderInTheCacheIsNoCoverAndBlocksNothing() async throws {
    try await addShelfWithOneOldCover()
    let (fifo, folder) = (CoverFetchingTests.shelfISBN(2), CoverFetchingTests.shelfISBN(3))
    #expect(mkfifo(cache + "/\(fifo).img", 0o600) == 0)
    #expect(mkfifo(cache + "/\(fifo).meta", 0o600) == 0)
    try FileManager.default.createDirectory(
      atPath: cache + "/\(folder).img", withIntermediateDirectories: false)
    // Only the cache is read: nothing waits on the network.
    #expect(try await home.bookclub.run(["settings", "set", "updateArtwork", "false"]).status == 0)
    for book in ["2", "3"] {
      let cover = try TerminalSession(["cover", book], environment: terminal)
      try await cover.waitFor("No cover of")
      #expect(try await cover.finish().status == 1)
      let show = try TerminalSession(["show", book], environment: terminal, rows: 40)
      try await show.waitFor("Book \(book)")
      let shown = try await show.finish()
      #expect(shown.status == 0)
      #expect(!shown.screen.contains("▀"))
    }
  }
}
