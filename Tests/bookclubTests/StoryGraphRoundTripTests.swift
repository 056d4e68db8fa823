import Foundation
import ReadingModel
import Testing

/// Exports write only what the library knows, and read back as they were written: a date
/// added nobody gave stays empty, an author with a comma stays one author, and a book added
/// here comes back from its own export unchanged.
@Suite struct StoryGraphRoundTripTests: LibraryCommandSuite {
  let home = TestHome()

  /// The import's `--json` summary.
  func importSummary(_ file: String, library: String? = nil) async throws -> [String: Any] {
    let result = try await run(["import", file, "--json"], library: library)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stderr)")
  }

  /// A StoryGraph export of `rows`, each given by the columns it fills (the others empty).
  func storyGraphFile(_ name: String, _ rows: [[String: String]]) throws -> String {
    try csvFile(name, header: StoryGraphExport.header, rows)
  }

  /// The details of the only book, as `show --json` gives them.
  func details(_ book: String, library: String? = nil) async throws -> [String: Any] {
    let shown = try await run(["show", book, "--json"], library: library)
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    return object?["book"] as? [String: Any] ?? [:]
  }

  static let patriots = [
    "Title": "Patriots", "Authors": "\"James Wesley, Rawles\", Jane Doe",
    "ISBN/UID": "9781569803059", "Format": "paperback", "Read Status": "to-read",
    "Date Added": "2024/01/15",
  ]

  @Test func aDateAddedNobodyGaveStaysEmptyInEveryExport() async throws {
    var undated = Self.patriots
    undated["Authors"] = "Alice Walker"
    undated["Date Added"] = ""
    let file = try storyGraphFile("undated.csv", [undated])
    #expect(try await importSummary(file)["added"] as? Int == 1)
    let again = try await importSummary(file)
    #expect(again["updated"] as? Int == 0)
    #expect(again["unchanged"] as? Int == 1)
    #expect(try await exportedRows("storygraph").map { $0["Date Added"] } == [""])
    #expect(try await exportedRows("goodreads").map { $0["Date Added"] } == [""])
    // The archive carries the unknown date: restored elsewhere, it is still unknown.
    let archive = home.path("backup.json")
    #expect(try await run(["export", "-o", archive]).status == 0)
    let restored = home.path("restored.sqlite")
    #expect(try await importSummary(archive, library: restored)["added"] as? Int == 1)
    let restoredRows = try await exportedRows("storygraph", library: restored)
    #expect(restoredRows.map { $0["Date Added"] } == [""])
    // So is the library's StoryGraph export, imported into a library of its own.
    let copy = home.path("copy.sqlite")
    let csv = home.path("export-storygraph.csv")
    #expect(try await importSummary(csv, library: copy)["added"] as? Int == 1)
    #expect(try await exportedRows("goodreads", library: copy).map { $0["Date Added"] } == [""])
    // A later export that gives the date fills it.
    var dated = undated
    dated["Date Added"] = "2024/01/15"
    let filled = try await importSummary(try storyGraphFile("dated.csv", [dated]))
    #expect(filled["updated"] as? Int == 1)
    #expect(try await exportedRows("storygraph").map { $0["Date Added"] } == ["2024/01/15"])
  }

  @Test func anAuthorWithACommaIsOneAuthorThroughTheStoryGraphExport() async throws {
    let file = try storyGraphFile("patriots.csv", [Self.patriots])
    #expect(try await importSummary(file)["added"] as? Int == 1)
    #expect(
      try await details("patriots")["authors"] as? [String] == ["James Wesley, Rawles", "Jane Doe"])
    let rows = try await exportedRows("storygraph")
    #expect(rows.map { $0["Authors"] } == ["\"James Wesley, Rawles\", Jane Doe"])
    let copy = home.path("copy.sqlite")
    let imported = try await importSummary(home.path("export-storygraph.csv"), library: copy)
    #expect(imported["added"] as? Int == 1)
    let authors = try await details("patriots", library: copy)["authors"] as? [String]
    #expect(authors == ["James Wesley, Rawles", "Jane Doe"])
  }

  @Test func booksAddedHereComeBackFromTheirOwnExportsUnchanged() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot", "--status", "finished"])
    try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "474"])
    for format in ["storygraph", "goodreads"] {
      let rows = try await exportedRows(format)
      #expect(rows.map { $0["Read Count"] } == ["", ""], "\(format)")
      let summary = try await importSummary(home.path("export-\(format).csv"))
      #expect(summary["added"] as? Int == 0, "\(format)")
      #expect(summary["updated"] as? Int == 0, "\(format): \(summary["changes"] ?? "")")
    }
  }
}
