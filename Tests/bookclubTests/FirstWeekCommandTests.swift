import Foundation
import TestSupport
import Testing

/// What a reader leaving Goodreads hit in their first week with the commands: Goodreads'
/// words for statuses, a bare status word with a book selected, one exit status for "say
/// more", a goal with one number, `--json` on every write, back-dated progress, a rating
/// filter, and `untag` of a tag the book lacks.
@Suite struct FirstWeekCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String], status: Int32? = 0) async throws -> BookclubProcess.Result {
    let result = try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library, "BOOKCLUB_SCENE": "week"])
    if let status { #expect(result.status == status, "\(arguments): \(result.stderr)") }
    return result
  }

  func json(_ arguments: [String]) async throws -> [String: Any] {
    let result = try await run(arguments + ["--json"])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(arguments): \(result.stdout) \(result.stderr)")
  }

  func status(_ book: String) async throws -> String? {
    let shown = try await json(["show", book])
    return (shown["book"] as? [String: Any])?["status"] as? String
  }

  @Test func goodreadsWordsForStatusesAreReadEverywhere() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert", "--status", "to-read"])
    try await run(["add", "Emma", "--author", "Jane Austen", "--status", "currently-reading"])
    try await run(["add", "Ulysses", "--author", "James Joyce", "--status", "DNF"])
    #expect(try await status("1") == "want")
    #expect(try await status("2") == "reading")
    #expect(try await status("3") == "abandoned")
    try await run(["status", "dune", "read"])
    #expect(try await status("1") == "finished")
    let reading = try await run(["list", "--status", "currently-reading"])
    #expect(reading.stdout.contains("Emma") && !reading.stdout.contains("Dune"))
    // Unknown words are still refused, listing bookclub's own.
    let refused = try await run(["add", "X", "--author", "Y", "--status", "someday"], status: 64)
    #expect(refused.stderr.contains("'want', 'reading', 'finished', 'abandoned' or 'paused'"))
  }

  @Test func aBareStatusWordDoesNotChangeTheSelectedBookUnasked() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert", "--status", "reading"])
    try await run(["select", "dune"])
    let refused = try await run(["status", "abandoned"], status: 2)
    #expect(
      refused.stderr.hasSuffix(
        "Error: 'bookclub status abandoned' names no book. To mark the selected book “Dune” "
          + "abandoned, run 'bookclub status abandoned --force' (or name it); 'bookclub list "
          + "--status abandoned' lists your abandoned books. Nothing was changed.\n"))
    #expect(try await status("1") == "reading")
    try await run(["status", "abandoned", "--force"])
    #expect(try await status("1") == "abandoned")
    // Naming the book needs no --force.
    try await run(["status", "dune", "want"])
    #expect(try await status("1") == "want")
  }

  @Test func aMissingDecisionExitsTwo() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    try await run(["progress", "set", "dune", "done"])
    let reread = try await run(["progress", "set", "dune", "10"], status: 2)
    #expect(reread.stderr.contains("--reread"))
    #expect(!reread.stderr.contains("Usage:"))
    let force = try await run(["remove", "dune"], status: 2)
    #expect(force.stderr.contains("pass --force"))
  }

  @Test func aGoalWithOneNumberIsThisYearsBooks() async throws {
    let year = Calendar.current.component(.year, from: Date())
    let set = try await json(["goal", "set", "24"])
    #expect(set["year"] as? Int == year)
    #expect(set["books"] as? Int == 24)
    try await run(["goal", "set", "2020", "5"])
    #expect(try await json(["goal", "2020"])["books"] as? Int == 5)
  }

  @Test func writesPrintWhatTheyChangedWithJSON() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    let set = try await json(["progress", "set", "dune", "150"])
    let entry = try #require(set["entry"] as? [String: Any])
    #expect(entry["page"] as? Int == 150)
    #expect((set["book"] as? [String: Any])?["status"] as? String == "reading")
    let note = try await json(["note", "add", "dune", "The spice must flow"])
    #expect((note["entry"] as? [String: Any])?["note"] as? String == "The spice must flow")
    #expect((note["book"] as? [String: Any])?["title"] as? String == "Dune")
  }

  @Test func backDatedProgressSaysItWentIntoThePast() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    try await run(["progress", "set", "dune", "300", "--at", "2024-05-10"])
    let past = try await run(["progress", "set", "dune", "100", "--at", "2024-05-01"])
    #expect(past.stdout.hasPrefix("Dune · page 300 of 600"))
    #expect(
      past.stderr
        == "Kept in the history at 2024-05-01 (page 100 of 600); the newest entry, of "
        + "2024-05-10, stays where the book is.\n")
  }

  @Test func aRatingFilterNeedNotBeInQuarters() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert"])
    try await run(["add", "Emma", "--author", "Jane Austen"])
    try await run(["rate", "dune", "4.25"])
    try await run(["rate", "emma", "4"])
    let listed = try await run(["list", "--rating-at-least", "4.1"])
    #expect(listed.stdout.contains("Dune") && !listed.stdout.contains("Emma"))
    try await run(["list", "--rating-at-least", "5.5"], status: 64)
  }

  @Test func untagOfATagTheBookLacksSaysSo() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert"])
    try await run(["tag", "dune", "sf", "classics"])
    let missing = try await run(["untag", "dune", "nonexistent"])
    #expect(
      missing.stderr
        == "“Dune” has no tag 'nonexistent' (its tags: sf, classics); 'bookclub tags' lists them all.\n"
    )
  }

  @Test func aBookCalledLikeAStatusIsStillShown() async throws {
    try await run(["add", "Read", "--author", "Someone"])
    try await run(["select", "read"])
    let shown = try await run(["status", "read"])
    #expect(shown.stdout.hasPrefix("Read — Someone · want to read"), "\(shown.stdout)")
    try await run(["add", "Dune", "--author", "Frank Herbert", "--status", "Finished"])
    #expect(try await status("2") == "finished")
  }

  @Test func aPartialUntagListsTheTagsLeft() async throws {
    try await run(["add", "Dune", "--author", "Frank Herbert"])
    try await run(["tag", "dune", "sf", "classics"])
    let partial = try await run(["untag", "dune", "sf", "nonexistent"])
    #expect(partial.stderr.hasSuffix("(its tags: classics); 'bookclub tags' lists them all.\n"))
  }
}
