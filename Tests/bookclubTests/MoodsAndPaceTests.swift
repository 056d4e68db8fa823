import Foundation
import ReadingModel
import Testing

/// Moods and pace (issue 28): kept from a StoryGraph export and written back byte for byte,
/// filtered by `list --mood` and `--pace`, shown by `show`, set with `mood` through the
/// writer (and undone); a mood nobody knows is kept as given, a mood too long refused.
@Suite struct MoodsAndPaceTests: LibraryCommandSuite {
  let home = TestHome()

  func titles(_ arguments: [String]) async throws -> [String] {
    let listed = try await json(["list"] + arguments)
    return ((listed["books"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
  }

  /// A StoryGraph export: two books with moods and pace as StoryGraph writes them.
  func storyGraphFile() throws -> String {
    let header = StoryGraphExport.header
    let rows: [[String: String]] = [
      [
        "Title": "The Fifth Season", "Authors": "N.K. Jemisin", "Read Status": "read",
        "Moods": "adventurous, dark, emotional, tense", "Pace": "medium",
        "Date Added": "2024/01/02",
      ],
      [
        "Title": "Project Hail Mary", "Authors": "Andy Weir", "Read Status": "to-read",
        "Moods": "funny, hopeful, Wistful-ish", "Pace": "fast", "Date Added": "2024/01/03",
      ],
    ]
    return try csvFile("storygraph.csv", header: header, rows)
  }

  @Test func storyGraphsMoodsAndPaceAreKeptFilteredAndWrittenBack() async throws {
    let path = try storyGraphFile()
    let imported = try await json(["import", path])
    let notKept = (imported["remarks"] as? [String] ?? []).joined(separator: " ")
    #expect(!notKept.contains("Moods") && !notKept.contains("Pace,"), "\(imported)")
    #expect(try await titles(["--mood", "DARK"]) == ["The Fifth Season"])
    #expect(try await titles(["--mood", "wistful-ish"]) == ["Project Hail Mary"])
    #expect(try await titles(["--pace", "fast"]) == ["Project Hail Mary"])
    #expect(try await titles(["--mood", "tense", "--pace", "fast"]).isEmpty)
    // The "of N" each filter counts, off the moods' and the pace's own keys.
    for (filter, total) in [
      (["--mood", "dark"], 1), (["--pace", "medium"], 1),
      (["--mood", "dark", "--pace", "fast"], 0),
      (["--mood", "funny", "--mood", "hopeful", "--pace", "fast"], 1),
    ] {
      #expect(try await json(["list"] + filter)["total"] as? Int == total, "\(filter)")
    }
    let shown = try await bookclub(["show", "the fifth season"]).stdout
    #expect(shown.contains("\nMoods     adventurous, dark, emotional, tense, medium-paced\n"))
    #expect(try await json(["import", path])["updated"] as? Int == 0)
    // Written back as they came: every cell of both rows.
    let exported = home.path("back.csv")
    try await bookclub(["export", "--format", "storygraph", "-o", exported])
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let back = try String(contentsOfFile: exported, encoding: .utf8)
    for line in original.split(whereSeparator: \.isNewline).dropFirst() {
      #expect(back.contains(line), "\(line)\n\(back)")
    }
    let refused = try await bookclub(["list", "--pace", "glacial"], status: 64)
    #expect(refused.stderr.contains("'slow', 'medium' or 'fast'"), "\(refused.stderr)")
  }

  @Test func moodSetsThemThroughTheWriterAndUndoTakesThemBack() async throws {
    try await bookclub(["add", "Dune", "--author", "Frank Herbert"])
    let set = try await bookclub(["mood", "dune", "adventurous", "Tense", "--pace", "slow"])
    #expect(set.stdout.contains("  moods: (empty) → adventurous, Tense\n"), "\(set.stdout)")
    #expect(set.stdout.contains("  pace: (empty) → slow\n"))
    try await bookclub(["mood", "dune", "tense"])  // one mood however it is written
    #expect(try await titles(["--mood", "tense"]) == ["Dune"])
    try await bookclub(["mood", "dune", "--remove", "TENSE", "--pace", "none"])
    #expect(try await titles(["--mood", "tense"]).isEmpty)
    #expect(try await titles(["--pace", "slow"]).isEmpty)
    try await bookclub(["undo", "--force"])
    #expect(try await titles(["--mood", "tense", "--pace", "slow"]) == ["Dune"])
    let long = try await bookclub(
      ["mood", "dune", String(repeating: "m", count: 10_000)], status: 64)
    #expect(long.stderr.contains("at most 100 characters") && long.stderr.count < 1_000)
    let shown = try await bookclub(["mood", "dune"]).stdout
    #expect(
      shown == "Dune (1)\n  moods:    adventurous, Tense\n  pace:     slow\n  warnings: (none)\n",
      "\(shown)")
  }
}
