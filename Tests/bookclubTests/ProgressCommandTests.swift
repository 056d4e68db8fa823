import Foundation
import Testing

/// `bookclub progress set/show`, run as a binary.
@Suite struct ProgressCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// Runs bookclub against this test's library, in UTC.
  @discardableResult
  func run(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> BookclubProcess.Result
  {
    try await home.bookclub.run(
      arguments,
      extraEnvironment: ["BOOKCLUB_LIBRARY": library, "TZ": "UTC"].merging(environment) { $1 })
  }

  func addBooks() async throws {
    try await run([
      "add", "Middlemarch", "--author", "George Eliot", "--pages", "880", "--isbn", "9780141439549",
    ])
    try await run(["add", "Essays", "--author", "Montaigne"])
    try await run(["add", "Anna Karenina", "--author", "Leo Tolstoy", "--pages", "864"])
    try await run(["add", "Anna of the Five Towns", "--author", "Arnold Bennett", "--pages", "300"])
  }

  func history(_ book: String) async throws -> [[String: Any]] {
    let result = try await run(["progress", "show", book, "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return object?["entries"] as? [[String: Any]] ?? []
  }

  @Test func everyValueFormRecords() async throws {
    try await addBooks()
    let page = try await run(["progress", "set", "middlemarch", "100", "--at", "2024-05-01"])
    #expect(page.status == 0)
    #expect(page.stdout.hasPrefix("Middlemarch · page 100 of 880 · "))
    try await run([
      "progress", "set", "1", "+20", "--note", "Lydgate arrives", "--at", "2024-05-02 21:30",
    ])
    try await run(["progress", "set", "1", "-10", "--at", "2024-05-03"])
    try await run(["progress", "set", "1", "50%", "--at", "2024-05-04"])
    try await run(["progress", "set", "1", "45.5%", "--at", "2024-05-05"])
    let done = try await run(["progress", "set", "1", "done", "--at", "2024-05-06"])
    #expect(done.stderr.contains("note: “Middlemarch” is finished."))
    let entries = try await history("1")
    #expect(entries.compactMap { $0["page"] as? Int } == [100, 120, 110, 440, 400, 880])
    #expect(entries[1]["note"] as? String == "Lydgate arrives")
    #expect(entries[1]["time"] as? String == "2024-05-02T21:30:00.000Z")
    let essay = try await run(["progress", "set", "essays", "12.5%"])
    #expect(essay.stdout.contains("13%") || essay.stdout.contains("12%"))
  }

  @Test(arguments: [
    ["1", "-5"], ["1", "881"], ["1", "101%"], ["1", "nan"], ["1", ""], ["2", "12"],
    ["2", "+3"], ["1", "12 pages"], ["1", "-1%"],
  ])
  func badValuesExit64AndWriteNothing(_ arguments: [String]) async throws {
    try await addBooks()
    try await run(["progress", "set", "1", "3"])
    let before = try await history("1")
    let result = try await run(["progress", "set"] + arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.contains("Usage: bookclub progress set"))
    await #expect(try history("1").count == before.count)
    await #expect(try history("2").isEmpty)
  }

  @Test func errorsSayWhatIsAllowed() async throws {
    try await addBooks()
    let unpaged = try await run(["progress", "set", "essays", "12"])
    #expect(unpaged.stderr.contains("Give a percent instead (45%)"))
    let garbage = try await run(["progress", "set", "1", "lots"])
    #expect(garbage.stderr.contains("Use a page (123), a percent (45% or 45.5%)"))
    let future = try await run(["progress", "set", "1", "3", "--at", "2999-01-01"])
    #expect(future.status == 64)
  }

  @Test func ambiguousTitlesListTheCandidates() async throws {
    try await addBooks()
    let result = try await run(["progress", "set", "anna", "10"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("'anna' matches several books:"))
    #expect(result.stderr.contains("  3  Anna Karenina — Leo Tolstoy"))
    #expect(result.stderr.contains("  4  Anna of the Five Towns — Arnold Bennett"))
    #expect(result.stderr.contains("Use the id instead"))
    let missing = try await run(["show", "Wuthering"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("bookclub list --search Wuthering"))
  }

  @Test func anISBNWithHyphensFindsTheBook() async throws {
    try await addBooks()
    let result = try await run(["progress", "set", "978-0-14-143954-9", "44"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Middlemarch · page 44"))
    #expect(try await run(["show", "0-14-143954-8"]).stdout.hasPrefix("Middlemarch"))
  }

  @Test func showPrintsTheHistoryPaceAndFinish() async throws {
    try await addBooks()
    try await run(["progress", "set", "1", "0", "--at", "2024-05-01"])
    try await run([
      "progress", "set", "1", "220", "--at", "2024-05-11", "--note", "Dorothea marries",
    ])
    let text = try await run(["progress", "show", "1"])
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0] == "Middlemarch — George Eliot")
    #expect(lines[2] == "2024-05-01 12:00  p. 0 (0%)         +0")
    #expect(lines[3] == "2024-05-11 12:00  p. 220 (25%)      +220    Dorothea marries")
    #expect(lines[4] == "Pace: 22 pages/day · estimated finish 2024-06-10")
    let json = try await run(["progress", "show", "1", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["estimatedFinish"] as? String == "2024-06-10T12:00:00.000Z")
    let pace = object?["pace"] as? [String: Any]
    #expect(abs((pace?["pagesPerDay"] as? Double ?? 0) - 22) < 1e-9)
  }

  @Test func statusSetsAndRecordsTheChange() async throws {
    try await addBooks()
    let result = try await run(["status", "essays", "abandoned"])
    #expect(result.status == 0)
    #expect(result.stdout == "Essays: want to read → abandoned\n")
    let again = try await run(["status", "essays", "abandoned"])
    #expect(again.stderr.contains("already abandoned"))
    let bad = try await run(["status", "essays", "gone"])
    #expect(bad.status == 64)
    let shown = try await run(["show", "essays", "--json"])
    #expect(shown.stdout.contains("\"status\":\"abandoned\""))
    #expect(shown.stdout.contains("\"statusSince\":\""))
  }
}
