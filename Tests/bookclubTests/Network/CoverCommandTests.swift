import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// `covers fetch`, `covers clear` and `cover` against the local stand-in for Open Library's
/// covers: the cache, its validators, and the pictures drawn at a terminal.
@Suite(.requires(.python3))
struct CoverCommandTests {
  let home = TestHome()
  let server: FixtureServer

  init() async throws { server = try await FixtureServer() }

  var environment: [String: String] {
    ["BOOKCLUB_OPENLIBRARY_URL": server.url, "BOOKCLUB_COVERS_URL": server.url]
  }

  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(arguments, extraEnvironment: environment)
  }

  func addBooks() async throws {
    for (title, isbn) in [
      ("Pride and Prejudice", "9780141439518"), ("Crime and Punishment", "9780140449136"),
      ("Unknown", "9780000000002"),
    ] {
      let added = try await run(["add", title, "--author", "Someone", "--isbn", isbn])
      #expect(added.status == 0, "\(added.stderr)")
    }
  }

  var cache: String { home.path(".cache/bookclub/covers") }

  @Test func fetchKeepsCoversWithTheirValidatorsAndRevalidatesOldOnes() async throws {
    try await addBooks()
    let first = try await run(["covers", "fetch", "--all"])
    #expect(first.status == 1)  // one answer was a web page
    #expect(first.stdout == "1 fetched, 0 unchanged, 1 without a cover, 0 fresh in the cache.\n")
    #expect(first.stderr.contains("9780140449136: The cover Open Library sent is not an image"))
    #expect(FileManager.default.fileExists(atPath: cache + "/9780141439518.img"))
    #expect(!FileManager.default.fileExists(atPath: cache + "/9780140449136.img"))

    let again = try await run(["covers", "fetch", "1"])
    #expect(again.stdout == "0 fetched, 0 unchanged, 0 without a cover, 1 fresh in the cache.\n")

    // Thirty days on, the cover is asked for again with its ETag: 304, kept as it was.
    let meta = cache + "/9780141439518.meta"
    let text = try String(contentsOfFile: meta, encoding: .utf8)
    #expect(text.contains("\"etag\":\"\\\"v1\\\"\""))
    let old = text.replacingOccurrences(
      of: #""fetched":\d+"#, with: "\"fetched\":0", options: .regularExpression)
    try old.write(toFile: meta, atomically: true, encoding: .utf8)
    let revalidated = try await run(["covers", "fetch", "1"])
    #expect(
      revalidated.stdout == "0 fetched, 1 unchanged, 0 without a cover, 0 fresh in the cache.\n")

    #expect(try await run(["covers", "clear"]).stdout == "Removed 1 cover from the cache.\n")
  }

  @Test func aCoverIsDrawnAtATerminalInTheWayTheTerminalTakes() async throws {
    try await addBooks()
    let base = home.bookclub.environment.merging(environment) { $1 }
    let half = try TerminalSession(
      ["cover", "1", "--width", "20"],
      environment: base.merging(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) { $1 })
    try await half.waitFor("▀")
    let drawn = try await half.finish()
    #expect(drawn.status == 0, "\(drawn.screen)")
    #expect(drawn.screen.contains("\u{1B}[38;2;"))
    // 61 × 43 pixels at 20 columns: 14 pixel rows, 7 lines, each ending in a reset.
    #expect(drawn.screen.components(separatedBy: "▀\u{1B}[0m").count - 1 == 7)

    let kitty = try TerminalSession(
      ["cover", "1"],
      environment: base.merging(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) { $1 })
    try await kitty.waitFor("\u{1B}_Ga=T,f=24,")
    #expect(try await kitty.finish().status == 0)

    // iTerm2 gets the file itself: 61 × 43 pixels at 24 columns is 8 rows.
    let file = try Data(contentsOf: URL(fileURLWithPath: cache + "/9780141439518.img"))
    let iterm = try TerminalSession(
      ["cover", "1"], environment: base.merging(["TERM_PROGRAM": "iTerm.app"]) { $1 })
    try await iterm.waitFor("\u{07}")
    let sent = try await iterm.finish()
    #expect(sent.status == 0)
    #expect(
      sent.screen.contains(
        "\u{1B}]1337;File=inline=1;size=\(file.count);width=24;height=8;preserveAspectRatio=1:"
          + file.base64EncodedString() + "\u{07}"))

    // Not at a terminal: nothing drawn, and why.
    let piped = try await run(["cover", "1"])
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("drawn on a terminal only"))
  }

  @Test func withUpdateArtworkOffOnlyTheCacheIsUsed() async throws {
    try await addBooks()
    #expect(try await run(["settings", "set", "updateArtwork", "false"]).status == 0)
    let session = try TerminalSession(
      ["cover", "1"],
      environment: home.bookclub.environment.merging(environment) { $1 }.merging([
        "TERM": "xterm-256color", "COLORTERM": "truecolor",
      ]) { $1 })
    try await session.waitFor("updateArtwork is off")
    #expect(try await session.finish().status == 1)
    #expect(!FileManager.default.fileExists(atPath: cache + "/9780141439518.img"))
  }
}

extension CoverCommandTests {
  @Test func showDrawsTheCoverBesideTheDetailsWhenThereIsRoom() async throws {
    try await addBooks()
    let base = home.bookclub.environment.merging(environment) { $1 }
    let wide = try TerminalSession(
      ["show", "1"],
      environment: base.merging([
        "TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "100",
      ]) { $1 },
      rows: 40)
    try await wide.waitFor("Pride and Prejudice")
    let shown = try await wide.finish()
    #expect(shown.status == 0, "\(shown.screen)")
    // The title's line: the cover's first row, then the title beside it.
    let titleLine =
      shown.screen.split(whereSeparator: \.isNewline)
      .first { $0.contains("Pride and Prejudice") } ?? ""
    #expect(titleLine.contains("\u{1B}[38;2;"), "\(shown.screen)")
    #expect(titleLine.contains("▀\u{1B}[0m  "), "\(shown.screen)")
    // Piped, or with no way to draw: the details alone, as ever.
    let piped = try await run(["show", "1"])
    #expect(!piped.stdout.contains("▀"))
    #expect(piped.stdout.hasPrefix("Pride and Prejudice"))
  }
}

extension CoverCommandTests {
  @Test func aTerminalThatAnswersTheGraphicsQueryGetsKittyImages() async throws {
    try await addBooks()
    let base = home.bookclub.environment.merging(environment) { $1 }
    let session = try TerminalSession(
      ["cover", "1"],
      environment: base.merging(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) { $1 })
    // What kitty answers to the query, typed ahead: read when bookclub asks.
    session.type("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
    try await session.waitFor("\u{1B}_Ga=T,f=24,")
    #expect(try await session.finish().status == 0)
    #expect(TerminalGraphicsQuery.answers(Array("\u{1B}[?62;c".utf8)) == false)
  }
}
