import Foundation
import ReadingModel
import TestSupport
import Testing

/// Exports in another service's format say what the file cannot keep (issue 30): values
/// rounded, readings dropped, what the format has no place for; `--dry-run` says it and
/// writes nothing; bookclub's own format loses nothing.
@Suite struct ExportLossTests: LibraryCommandSuite {
  let home = TestHome()

  /// Piranesi read twice (the first with its start), rated 4.25, with moods, two copies and
  /// 412 pages; a note and a highlight logged here. Emma, unrated, wanted.
  func library() async throws {
    let csv = home.path("storygraph.csv")
    try """
    Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Star Rating,Review,Tags,Owned?\r
    Piranesi,Susanna Clarke,,9781635575637,hardcover,read,2021/01/02,2023/02/20,"2021/01/05-2021/01/20, 2023/02/20",2,"dark, mysterious",4.25,,fantasy,Yes\r
    Emma,Jane Austen,,,,to-read,2022/03/04,,,,,,,,\r

    """.write(toFile: csv, atomically: false, encoding: .utf8)
    try await bookclub(["import", csv])
    try await bookclub(["edit", "piranesi", "--pages", "412", "--owned", "2"])
    try await bookclub(["note", "add", "piranesi", "The house is the world."])
    try await bookclub(["quote", "add", "piranesi", "The Beauty of the House is immeasurable."])
  }

  @Test func aGoodreadsExportSaysWhatItRoundsDropsAndCannotHold() async throws {
    try await library()
    let file = home.path("goodreads.csv")
    let dry = try await bookclub(["export", "--format", "goodreads", "--dry-run", "-o", file])
    #expect(!FileManager.default.fileExists(atPath: file), "a dry run writes nothing")
    let said = dry.stderr
    #expect(said.contains("Dry run: 2 books in Goodreads CSV; nothing was written."), "\(said)")
    #expect(said.contains("What the Goodreads file does not keep:"), "\(said)")
    #expect(said.contains("1 book: rating 4.25 written as 4 (Goodreads has whole stars)."))
    #expect(
      said.contains("1 book: 1 of their readings not written (Goodreads keeps the latest finish)."))
    #expect(said.contains("progress and notes (1 book, 1 entry)"), "\(said)")
    #expect(said.contains("highlights and quotes (1 book, 1 highlight)"), "\(said)")
    #expect(said.contains("moods and pace (1 book)"), "\(said)")
    #expect(!said.contains("read back as two"), "\(said)")
    try await bookclub(["tag", "emma", "to buy, maybe"])
    let split = try await bookclub(["export", "--format", "goodreads", "--dry-run"]).stderr
    #expect(
      split.contains(
        "1 book: a tag, mood or warning holding a comma read back as two (Goodreads separates "
          + "them with commas)."), "\(split)")
    try await bookclub(["undo", "--force"])
    // The real export says the same after writing.
    let real = try await bookclub(["export", "--format", "goodreads", "-o", file])
    #expect(real.stderr.contains("Exported 2 books to"), "\(real.stderr)")
    #expect(real.stderr.contains("rating 4.25 written as 4"), "\(real.stderr)")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.contains("Piranesi") && written.contains(",4,"), "\(written)")
  }

  @Test func aStoryGraphExportSaysWhatItCannotHoldAndBookclubsLosesNothing() async throws {
    try await library()
    let dry = try await bookclub(["export", "--format", "storygraph", "--dry-run"])
    #expect(dry.stdout.isEmpty, "a dry run writes nothing to stdout either")
    let said = dry.stderr
    #expect(!said.contains("rating"), "StoryGraph keeps quarter stars: \(said)")
    #expect(!said.contains("readings not written"), "\(said)")
    #expect(said.contains("1 book: copies owned 2 written as Yes"), "\(said)")
    #expect(said.contains("page counts (1 book)"), "\(said)")
    #expect(!said.contains("moods"), "\(said)")
    let own = try await bookclub(["export", "--dry-run"])
    #expect(own.stderr == "Dry run: 2 books in bookclub's format; nothing was written.\n")
  }

  @Test func hardcoverAndBookWyrmExportsComeBackWithTheirLossesSaid() async throws {
    try await library()
    try await bookclub(["add", "Survive", "-a", "James Wesley, Rawles"])
    for (format, lost) in [
      (
        "hardcover",
        [
          "1 book: rating 4.25 written as 4.5 (Hardcover has half stars).",
          "1 book: a name holding a comma written without it (Hardcover separates",
        ]
      ),
      ("bookwyrm", ["1 book: 1 of their readings not written (BookWyrm's file keeps the newest"]),
    ] {
      let file = home.path("\(format).csv")
      let written = try await bookclub(["export", "--format", format, "-o", file])
      for line in lost {
        #expect(written.stderr.contains(line), "\(format): \(written.stderr)")
      }
      let other = home.path("\(format).sqlite")
      let back = try await json(["import", file], library: other)
      #expect(back["added"] as? Int == 3, "\(format): \(back)")
      let again = try await json(["import", file])
      #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(format): \(again)")
      let shown = try #require(
        try await json(["show", "piranesi"], library: other)["details"] as? [String: Any])
      #expect(shown["rating"] as? Double == 4.5, "\(format): \(shown)")
    }
  }

  /// A review changed here goes out whole: its title, kept from BookWyrm's file, does not
  /// come back above the new text.
  @Test func aReviewChangedHereLeavesTheFilesOwnTitleBehind() async throws {
    let csv = home.path("bookwyrm-export.csv")
    try ServiceFixtures.bookwyrmCSV.write(toFile: csv, atomically: false, encoding: .utf8)
    try await bookclub(["import", csv])
    try await bookclub(["review", "glass orchard", "--text", "Changed my mind."])
    let file = home.path("out.csv")
    try await bookclub(["export", "--format", "bookwyrm", "-o", file])
    let other = home.path("other.sqlite")
    try await bookclub(["import", file], library: other)
    let back = try #require(
      try await json(["show", "glass orchard"], library: other)["details"] as? [String: Any])
    #expect(back["review"] as? String == "Changed my mind.", "\(back)")
    // Unchanged, the file's own columns go back as they came.
    try await bookclub(["undo", "--force"])
    try await bookclub(["export", "--format", "bookwyrm", "-o", file])
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.contains("Strange and lovely,,<p>Loved the ending.</p>"), "\(written)")
  }
}
