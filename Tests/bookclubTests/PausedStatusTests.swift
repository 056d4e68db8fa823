import Foundation
import ReadingModel
import Testing

/// Paused (issue 28): a status of its own, not want to read and not abandoned. The reading
/// stays open and its pace stops; progress picks it up again; undo takes it back; imports
/// read Goodreads' `on-hold` shelf and StoryGraph's `paused`, and exports write them back.
@Suite struct PausedStatusTests: LibraryCommandSuite {
  let home = TestHome()

  func status(_ book: String, library: String? = nil) async throws -> String? {
    let shown = try await json(["show", book], library: library)
    return (shown["book"] as? [String: Any])?["status"] as? String
  }

  @Test func pausedKeepsTheReadingOpenStopsThePaceAndProgressPicksItUp() async throws {
    try await bookclub(["add", "Dune", "--author", "Frank Herbert", "--pages", "600"])
    try await bookclub(["progress", "set", "dune", "100"])
    let paused = try await bookclub(["status", "dune", "paused"])
    #expect(paused.stdout.contains("Dune: reading → paused"), "\(paused.stdout)")
    let shown = try await json(["show", "dune"])
    #expect(shown["pace"] is NSNull && shown["estimatedFinish"] is NSNull, "\(shown)")
    let readings = try #require(shown["readings"] as? [[String: Any]])
    #expect(readings.map { $0["outcome"] as? String } == ["reading"], "\(readings)")
    let overview = try await bookclub(["status"]).stdout
    #expect(overview.contains("Nothing is being read; 1 paused (bookclub list --status paused)"))
    #expect(
      overview.contains("1 books: 0 want to read · 0 reading · 0 finished · 0 abandoned · 1 paused")
    )
    let listed = try await json(["list", "--status", "paused"])
    #expect((listed["books"] as? [[String: Any]])?.count == 1)
    // Not abandoned: stats count none.
    #expect(try await json(["stats", "--all-time"])["abandoned"] as? Int == 0)
    // Progress picks it up, in the same reading; undo puts it back aside.
    try await bookclub(["progress", "set", "dune", "150"])
    #expect(try await status("dune") == "reading")
    let again = try #require(try await json(["show", "dune"])["readings"] as? [[String: Any]])
    #expect(again.count == 1)
    try await bookclub(["undo", "--force"])
    #expect(try await status("dune") == "paused")
    // Goodreads' word works too, and a book put aside from finished asks about a re-read.
    try await bookclub(["status", "dune", "reading"])
    try await bookclub(["status", "dune", "on-hold"])
    #expect(try await status("dune") == "paused")
    try await bookclub(["progress", "set", "dune", "done"])
    let asked = try await bookclub(["status", "dune", "paused"], status: 2)
    #expect(asked.stderr.contains("--reread"), "\(asked.stderr)")
  }

  @Test func pausedComesInFromBothServicesAndGoesBackInTheirWords() async throws {
    let goodreads = try csvFile(
      "goodreads_library_export.csv", header: GoodreadsExport.header,
      [
        [
          "Book Id": "1", "Title": "Dune", "Author": "Frank Herbert", "Exclusive Shelf": "on-hold",
          "Bookshelves": "on-hold", "Date Added": "2024/01/02",
        ],
        [
          "Book Id": "2", "Title": "Emma", "Author": "Jane Austen", "Exclusive Shelf": "to-read",
          "Date Added": "2024/01/03",
        ],
      ])
    let imported = try await json(["import", goodreads])
    #expect(try await status("dune") == "paused")
    let remarks = (imported["remarks"] as? [String]) ?? []
    #expect(
      remarks.contains { $0.contains("the shelf 'on-hold' is read as paused") }, "\(imported)")
    #expect(try await json(["import", goodreads])["updated"] as? Int == 0)
    // Paused here: Goodreads gets the on-hold shelf, StoryGraph its own word.
    try await bookclub(["status", "emma", "paused"])
    let rows = try await exportedRows("goodreads")
    #expect(rows.map { $0["Exclusive Shelf"] } == ["on-hold", "on-hold"], "\(rows)")
    let storygraph = try await exportedRows("storygraph")
    #expect(storygraph.map { $0["Read Status"] } == ["paused", "paused"], "\(storygraph)")

    // A StoryGraph file that says paused, into a library of its own, and back out.
    let other = home.path("other.sqlite")
    let path = try csvFile(
      "storygraph.csv", header: StoryGraphExport.header,
      [
        [
          "Title": "Kindred", "Authors": "Octavia E. Butler", "Read Status": "paused",
          "Date Added": "2024/02/01",
        ]
      ])
    try await bookclub(["import", path], library: other)
    #expect(try await status("kindred", library: other) == "paused")
    #expect(try await json(["import", path], library: other)["updated"] as? Int == 0)
    let back = try await exportedRows("storygraph", library: other)
    #expect(back.map { $0["Read Status"] } == ["paused"])
  }
}
