import Foundation
import ImageDecoding
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// `covers fetch` over a shelf of fifty books: a progress bar, Ctrl-C keeping what came,
/// and a second run asking only for the rest; `updateArtwork false` asking for nothing.
@Suite(.requires(.python3))
struct CoverFetchingTests {
  let home = TestHome()
  let server: FixtureServer

  init() async throws { server = try await FixtureServer() }

  /// The stand-in, with two minutes for each answer: a busy machine slows the stand-in,
  /// and the 15-second deadline is FetchDeadlineTests' subject, not these tests'.
  var environment: [String: String] {
    [
      "BOOKCLUB_OPENLIBRARY_URL": server.url, "BOOKCLUB_COVERS_URL": server.url,
      "BOOKCLUB_NETWORK_TIMEOUT": "120",
    ]
  }

  var cache: String { home.path(".cache/bookclub/covers") }

  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(arguments, extraEnvironment: environment)
  }

  /// The `n`th book of the test shelf's ISBN range (979-10-0…), with its check digit.
  static func shelfISBN(_ n: Int) -> String {
    let body = "979100" + String(repeating: "0", count: 6 - String(n).count) + String(n)
    let sum = body.compactMap(\.wholeNumberValue).enumerated()
      .reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }

  func addShelf(_ count: Int) async throws {
    for n in 1...count {
      let added = try await run(
        ["add", "Book \(n)", "--author", "Someone", "--isbn", Self.shelfISBN(n)])
      try #require(added.status == 0, "\(added.stderr)")
    }
  }

  /// The covers in the cache, and anything else left there. The cache's record of a fetch
  /// that found Open Library unreachable (a request that outlived its deadline on a machine
  /// loaded enough) is the cache's own, not litter.
  func cached() throws -> (covers: [String], other: [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
    let covers = names.filter { $0.hasSuffix(".img") }
    return (
      covers,
      names.filter { !$0.hasSuffix(".img") && !$0.hasSuffix(".meta") && $0 != "unreachable" }
    )
  }

  @Test func ctrlCKeepsWhatWasFetchedWholeAndTheNextRunAsksOnlyForTheRest() async throws {
    try await addShelf(50)
    let session = try TerminalSession(
      ["covers", "fetch", "--all"],
      environment: home.bookclub.environment.merging(environment) { $1 })
    // Two batches in, on however slow a machine: Ctrl-C, pressed the moment it shows.
    session.type("\u{03}", whenShown: "8 of 50")
    try await session.waitFor("0 of 50")  // the progress bar, before the first answer
    try await session.waitFor("8 of 50", seconds: 90)
    let stopped = try await session.finish()
    #expect(stopped.status == 130, "\(stopped.screen)")
    #expect(stopped.screen.contains("Run it again for the rest"), "\(stopped.screen)")

    let (kept, litter) = try cached()
    #expect(kept.count >= 1 && kept.count < 50, "\(kept.count) covers: \(stopped.screen)")
    #expect(litter.isEmpty, "\(litter)")
    for name in kept {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache + "/" + name)))
      #expect(throws: Never.self) { try RGBImage.decode(bytes) }
    }

    let asked = server.requestCount
    let resumed = try await run(["covers", "fetch", "--all"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(
      resumed.stdout
        == "\(50 - kept.count) fetched, 0 unchanged, 0 without a cover, \(kept.count) fresh in the cache.\n"
    )
    #expect(server.requestCount - asked == 50 - kept.count)
    #expect(try cached().covers.count == 50)
  }

  @Test func withUpdateArtworkOffNoCommandMakesARequest() async throws {
    try await addShelf(2)
    #expect(try await run(["settings", "set", "updateArtwork", "false"]).status == 0)
    let terminal = home.bookclub.environment.merging(environment) { $1 }.merging([
      "TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "100",
    ]) { $1 }
    let cover = try TerminalSession(["cover", "1"], environment: terminal)
    try await cover.waitFor("updateArtwork is off")
    #expect(try await cover.finish().status == 1)
    let show = try TerminalSession(["show", "2"], environment: terminal, rows: 40)
    try await show.waitFor("Book 2")
    #expect(try await show.finish().status == 0)
    let fetch = try await run(["covers", "fetch", "--all"])
    #expect(fetch.status == 1)
    #expect(fetch.stderr.contains("updateArtwork is off"), "\(fetch.stderr)")
    let browser = try await CoverLoading.load(
      isbn: Self.shelfISBN(1), environment: home.bookclub.environment.merging(environment) { $1 },
      fetching: false)
    #expect(browser.image == nil)
    #expect(server.requestCount == 0)

    // Turned on, the same ask: the counting sees them.
    #expect(try await run(["settings", "set", "updateArtwork", "true"]).status == 0)
    let fetched = try await CoverLoading.load(
      isbn: Self.shelfISBN(1), environment: home.bookclub.environment.merging(environment) { $1 },
      fetching: true)
    #expect(fetched.image != nil)
    #expect(server.requestCount == 1)
  }
}

/// A browser's cover loader run to its end, outside a browser.
@MainActor
enum CoverLoading {
  static func load(isbn: String, environment: [String: String], fetching: Bool) async throws
    -> CoverImageLoader.Found
  {
    let date = Date(milliseconds: 1_700_000_000_000)
    let book = Book(
      id: 1, title: "Book", authors: ["A"], isbn13: isbn, dateAdded: date, dateUpdated: date)
    let loader = try #require(
      CoverImageLoader.forBook(book, columns: 16, environment: environment, fetching: fetching))
    let work = loader.work
    return await Task.detached { work() }.value
  }
}
