import Foundation
import Testing

/// With a book selected, every command that takes one book and one value takes the value
/// alone: rate, tag, untag, note add, progress set, edit, status.
@Suite struct SelectedBookValueTests {
  let library = FirstWeekLibrary()

  @Test func theSelectionStandsInForTheBookEverywhere() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    try await library.run(["add", "Emma", "--author", "Jane Austen"])
    try await library.run(["select", "dune"])
    let rated = try await library.run(["rate", "4.5"])
    #expect(rated.stdout.hasPrefix("Dune: "), "\(rated.stdout)")
    try await library.run(["tag", "sf"])
    try await library.run(["tag", "classics"])
    try await library.run(["untag", "classics"])
    try await library.run(["note", "add", "The spice must flow"])
    try await library.run(["progress", "set", "120"])
    try await library.run(["edit", "--pages", "612"])
    try await library.run(["status", "abandoned", "--force"])
    let dune = try await library.json(["show", "1"])
    let book = try #require(dune["book"] as? [String: Any])
    let details = try #require(dune["details"] as? [String: Any])
    #expect(details["rating"] as? Double == 4.5)
    #expect(details["tags"] as? [String] == ["sf"])
    #expect(book["pageCount"] as? Int == 612)
    #expect(book["status"] as? String == "abandoned")
    #expect((dune["notes"] as? [Any])?.count == 1)
    // Emma, not selected, was never touched.
    let emma = try #require(try await library.json(["show", "2"])["details"] as? [String: Any])
    #expect(emma["rating"] == nil)
    // Naming the book still works, and a rating can still be cleared.
    try await library.run(["rate", "emma", "3"])
    try await library.run(["rate", "--clear"])
    let cleared = try #require(try await library.json(["show", "1"])["details"] as? [String: Any])
    #expect(cleared["rating"] == nil)
    try await library.run(["tag", "emma", "romance", "classics"])
    let named = try #require(try await library.json(["show", "2"])["details"] as? [String: Any])
    #expect(named["rating"] as? Double == 3)
    #expect(named["tags"] as? [String] == ["romance", "classics"])
  }

  @Test func withoutASelectionTheBookIsStillAsked() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    let rated = try await library.run(["rate", "4.5"], status: nil)
    #expect(rated.status != 0)
    #expect(rated.stderr.contains("<book>") || rated.stderr.contains("select"), "\(rated.stderr)")
  }
}
