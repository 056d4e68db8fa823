import Foundation
import ReadingModel
import TestSupport
import Testing

/// `lookup` and `add --isbn` against a local stand-in for Open Library that also
/// misbehaves on purpose: the internet is never reached.
@Suite(.requires(.python3))
struct LookupCommandTests {
  let home = TestHome()
  let server: FixtureServer

  init() async throws { server = try await FixtureServer() }

  func run(_ arguments: [String], _ extra: [String: String] = [:]) async throws
    -> BookclubProcess.Result
  {
    try await home.bookclub.run(
      arguments,
      extraEnvironment: ["BOOKCLUB_OPENLIBRARY_URL": server.url].merging(extra) { $1 })
  }

  @Test func lookupPrintsWhatOpenLibraryKnows() async throws {
    let result = try await run(["lookup", "0-14-143951-3"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Pride and Prejudice
        by Jane Austen
        ISBN 9780141439518 · 480 pages · Penguin Classics · 2003
        Subjects: Courtship, Sisters

        """)
    let json = try await run(["lookup", "9780141439518", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["authors"] as? [String] == ["Jane Austen"])
    #expect(object?["pageCount"] as? Int == 480 && object?["year"] as? Int == 2003)
  }

  @Test func addWithAnISBNAloneIsFilledInAndSaysSo() async throws {
    let added = try await run(["add", "--isbn", "9780141439518", "--status", "reading"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      added.stderr.contains(
        "Filled in from Open Library: “Pride and Prejudice” by Jane Austen, 480 pages."))
    let shown = try await run([
      "show", added.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--json",
    ])
    #expect(shown.stdout.contains("\"title\":\"Pride and Prejudice\""))
    #expect(shown.stdout.contains("\"pageCount\":480"))
    #expect(shown.stdout.contains("\"status\":\"reading\""))
    // Offline: a title is needed, and nothing reaches the network with one.
    let offline = try await run(["add", "--isbn", "9780140449136", "--offline"])
    #expect(offline.status == 64)
    #expect(offline.stderr.contains("drop --offline"))
    let typed = try await run(
      ["add", "Emma", "--author", "Jane Austen", "--isbn", "9780141439587", "--offline"],
      ["BOOKCLUB_OPENLIBRARY_URL": "http://127.0.0.1:1"])
    #expect(typed.status == 0, "\(typed.stderr)")
  }

  @Test func twoEditionsOfOneOpenLibraryWorkAreLinkedWithTheirSeries() async throws {
    let looked = try await run(["lookup", "9780000000170"])
    #expect(looked.stdout.contains("\nSeries: The Broken Earth #1\nWork: OL17804339W\n"))
    let paper = try await run(["add", "--isbn", "9780000000170"])
    #expect(paper.status == 0, "\(paper.stderr)")
    let audio = try await run(["add", "--isbn", "9780000000187", "--duplicate"])
    #expect(audio.status == 0, "\(audio.stderr)")
    let editions = try await run(["edition", "1", "--json"])
    let books =
      try JSONSerialization.jsonObject(with: Data(editions.stdout.utf8)) as? [[String: Any]]
    #expect(books?.compactMap { $0["id"] as? Int } == [1, 2], "\(editions.stdout)")
    #expect(books?.last?["format"] as? String == "audiobook")
    let series = try await run(["series", "the broken earth", "--json"])
    #expect(series.stdout.contains(#""books":2"#), "\(series.stdout)")
    // A publisher's series named without a place is no series a reader follows.
    #expect(!(try await run(["series"])).stdout.contains("Orbit"))
  }

  @Test func aTitleFromOpenLibraryWithNothingToSeeAddsNoBook() async throws {
    let added = try await run(["add", "--isbn", "9780000000149"])
    #expect(added.status == 1)
    #expect(
      added.stderr.hasPrefix(
        "Error: Open Library's record of 9780000000149 has no title or author one can see"),
      "\(added.stderr)")
    let list = try await run(["list", "--json"])
    #expect(list.stdout.contains("\"books\":[]"), "\(list.stdout)")
  }

  @Test func aRedirectIsFollowed() async throws {
    let result = try await run(["lookup", "9780000000071"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Pride and Prejudice\nby Jane Austen\n"))
  }

  @Test func textFromTheNetworkIsMadeSafeForTheTerminal() async throws {
    let result = try await run(["lookup", "9780140449136"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.contains("Fyodor Dostoevsky"))
  }

  @Test(arguments: [
    ("9780000000002", "Open Library does not know ISBN 9780000000002"),
    ("9780000000026", "not a book record"),
    ("9780000000033", "Open Library is busy; try again in 30 seconds."),
    ("9780000000040", "answered with status 500"),
    ("9780000000057", "sent more than an answer may have"),
    ("9780000000064", "was cut short"),
  ])
  func aMisbehavingServerIsAClearErrorAndAddsNothing(_ isbn: String, _ message: String)
    async throws
  {
    let result = try await run(["add", "--isbn", isbn])
    #expect(result.status == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try await run(["list", "--json"]).stdout.contains("\"total\":0"))
  }

  @Test func aSlowServerTimesOutAndAnUnreachableOneSaysOffline() async throws {
    let slow = try await run(
      ["lookup", "9780000000019"], ["BOOKCLUB_NETWORK_TIMEOUT": "1"])
    #expect(slow.status == 1)
    #expect(slow.stderr.contains("did not answer in time"), "\(slow.stderr)")
    let offline = try await run(
      ["lookup", "9780141439518"], ["BOOKCLUB_OPENLIBRARY_URL": "http://127.0.0.1:1"])
    #expect(offline.status == 1)
    #expect(offline.stderr.contains("are you offline?"), "\(offline.stderr)")
    // add --isbn alone: said once, with the way to add it without the network.
    let add = try await run(
      ["add", "--isbn", "9780141439518"], ["BOOKCLUB_OPENLIBRARY_URL": "http://127.0.0.1:1"])
    #expect(add.status == 1)
    #expect(add.stderr.components(separatedBy: "are you offline?").count == 2, "\(add.stderr)")
    #expect(add.stderr.contains("--isbn 9780141439518 --offline"), "\(add.stderr)")
  }
}
