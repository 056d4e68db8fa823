import Foundation
import ReadingModel
import Testing

/// Content warnings and owned copies (issue 28): StoryGraph's warnings, their description
/// and `Owned?` kept and written back byte for byte, Goodreads' `Owned Copies` read and
/// merged with them, both set through the writer (and undone), hostile values refused.
@Suite struct WarningsAndOwnedTests: LibraryCommandSuite {
  let home = TestHome()

  func details(_ book: String) async throws -> [String: Any] {
    try #require(try await json(["show", book])["details"] as? [String: Any])
  }

  /// A StoryGraph export of one owned book with warnings of each severity.
  func storyGraphFile() throws -> String {
    try csvFile(
      "storygraph.csv", header: StoryGraphExport.header,
      [
        [
          "Title": "The Fifth Season", "Authors": "N.K. Jemisin", "Read Status": "read",
          "Content Warnings": "Graphic: Genocide, Violence; Moderate: Death; Minor: Slavery;",
          "Content Warning Description": "The opening chapter is hard.", "Owned?": "Yes",
          "Date Added": "2024/01/02",
        ],
        [
          "Title": "Emma", "Authors": "Jane Austen", "Read Status": "to-read", "Owned?": "No",
          "Date Added": "2024/01/03",
        ],
      ])
  }

  @Test func storyGraphsWarningsAndOwnedAreKeptAndWrittenBackAsTheyCame() async throws {
    let path = try storyGraphFile()
    let imported = try await json(["import", path])
    let notKept = (imported["remarks"] as? [String] ?? []).joined(separator: " ")
    #expect(!notKept.contains("Content Warnings") && !notKept.contains("Owned?"), "\(imported)")
    let season = try await details("the fifth season")
    #expect(
      season["warnings"] as? [String] == [
        "graphic: Genocide", "graphic: Violence", "moderate: Death", "minor: Slavery",
      ])
    #expect(season["warningNote"] as? String == "The opening chapter is hard.")
    #expect(season["ownedCopies"] as? Int == 1)
    #expect(try await details("emma")["ownedCopies"] as? Int == 0)
    let shown = try await bookclub(["show", "the fifth season"]).stdout
    #expect(shown.contains("\nWarnings  graphic: Genocide, graphic: Violence, moderate: Death"))
    #expect(shown.contains("\n          The opening chapter is hard.\n"), "\(shown)")
    #expect(shown.contains("\nOwned     1 copy\n"), "\(shown)")
    #expect(try await json(["import", path])["updated"] as? Int == 0)
    // Written back as they came.
    let exported = home.path("back.csv")
    try await bookclub(["export", "--format", "storygraph", "-o", exported])
    let back = try String(contentsOfFile: exported, encoding: .utf8)
    for line in try String(contentsOfFile: path, encoding: .utf8).split(
      whereSeparator: \.isNewline
    ).dropFirst() {
      #expect(back.contains(line), "\(line)\n\(back)")
    }
    // A warning changed here is written in StoryGraph's form; the rest as it was.
    try await bookclub(["mood", "the fifth season", "--warning", "minor: violence"])
    let rows = try await exportedRows("storygraph")
    let row = try #require(rows.first { $0["Title"] == "The Fifth Season" })
    #expect(
      row["Content Warnings"] == "Graphic: Genocide; Moderate: Death; Minor: violence, Slavery;",
      "\(row)")
    #expect(row["Owned?"] == "Yes")
  }

  @Test func goodreadsCopiesAndStoryGraphsYesAgree() async throws {
    let goodreads = try csvFile(
      "goodreads.csv", header: GoodreadsExport.header,
      [
        [
          "Book Id": "7", "Title": "The Fifth Season", "Author": "N.K. Jemisin",
          "Exclusive Shelf": "read", "Owned Copies": "2", "Date Added": "2024/01/02",
        ],
        [
          "Book Id": "8", "Title": "Emma", "Author": "Jane Austen", "Exclusive Shelf": "to-read",
          "Owned Copies": "0", "Date Added": "2024/01/03",
        ],
      ])
    try await bookclub(["import", goodreads])
    #expect(try await details("the fifth season")["ownedCopies"] as? Int == 2)
    // Goodreads' 0 is what it writes for every book: it says nothing.
    #expect(try await details("emma")["ownedCopies"] == nil)
    let storyGraph = try await json(["import", try storyGraphFile()])
    let kept = (storyGraph["changes"] as? [[String: Any]] ?? []).flatMap {
      ($0["kept"] as? [[String: Any]]) ?? []
    }
    #expect(!kept.contains { $0["field"] as? String == "owned" }, "\(storyGraph)")
    #expect(try await details("the fifth season")["ownedCopies"] as? Int == 2)
    #expect(try await details("emma")["ownedCopies"] as? Int == 0)
    let written = try await exportedRows("goodreads")
    #expect(written.first { $0["Title"] == "The Fifth Season" }?["Owned Copies"] == "2")
    #expect(written.first { $0["Title"] == "Emma" }?["Owned Copies"] == "0")
  }

  @Test func setByHandUndoneAndHostileValuesRefused() async throws {
    try await bookclub(["add", "Dune", "--author", "Frank Herbert"])
    let set = try await bookclub([
      "mood", "dune", "--warning", "GRAPHIC: Violence", "--warning", "drugs",
      "--warning-note", "Spice.",
    ])
    #expect(set.stdout.contains("content warnings: (empty) → graphic: Violence, drugs"))
    try await bookclub(["edit", "dune", "--owned", "3"])
    #expect(try await details("dune")["ownedCopies"] as? Int == 3)
    try await bookclub(["undo", "--force"])
    #expect(try await details("dune")["ownedCopies"] == nil)
    try await bookclub(["mood", "dune", "--remove-warning", "VIOLENCE"])
    #expect(try await details("dune")["warnings"] as? [String] == ["drugs"])
    for bad in [String(repeating: "w", count: 101), "a\nb", "graphic: ", "\u{1B}]52;c;x\u{07}"] {
      let refused = try await bookclub(["mood", "dune", "--warning", bad], status: 64)
      #expect(refused.stderr.contains("at most 100 characters"), "\(refused.stderr)")
      #expect(!refused.stderr.contains("\u{1B}]"), "printed raw")
    }
    for bad in ["-1", "abc", "10001", "1.5"] {
      try await bookclub(["edit", "dune", "--owned", bad], status: 64)
    }
    try await bookclub(["edit", "dune", "--owned", ""])
    #expect(try await details("dune")["warnings"] as? [String] == ["drugs"])
  }
}
