import Foundation
import ReadingModel
import Testing

/// `stats --by` and hour goals (issue 28): finished books grouped by tag, format, series,
/// mood and author, with pages and hours side by side; an audiobook's time counts as
/// listening, never as pages, in stats and in goals.
@Suite struct StatsByGroupCommandTests: LibraryCommandSuite {
  let home = TestHome()

  /// A paperback, an ebook and an audiobook (with a page count it must not count), each
  /// finished in 2025, tagged, in series and moods.
  func finishedShelf() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400", "--format", "paper"])
    try await bookclub([
      "add", "Kindred", "-a", "Octavia E. Butler", "--pages", "264", "--format", "ebook",
    ])
    try await bookclub([
      "add", "The Fifth Season", "-a", "N. K. Jemisin", "--pages", "468", "--format", "audiobook",
      "--length", "15:00",
    ])
    try await bookclub(["tag", "emma", "classics"])
    try await bookclub(["tag", "kindred", "classics", "sf"])
    try await bookclub(["tag", "fifth season", "sf"])
    try await bookclub(["series", "add", "fifth season", "The Broken Earth", "1"])
    try await bookclub(["mood", "fifth season", "dark", "tense"])
    try await bookclub(["mood", "kindred", "Dark"])
    for (book, start, end) in [
      ("emma", "2025-01-01", "2025-01-11"), ("kindred", "2025-02-01", "2025-02-03"),
      ("fifth season", "2025-03-01", "2025-03-21"),
    ] {
      try await bookclub(["progress", "set", book, "10%", "--at", start])
      try await bookclub(["progress", "set", book, "done", "--at", end])
    }
  }

  func groups(_ by: String) async throws -> [String: [String: Any]] {
    let stats = try await json(["stats", "--year", "2025", "--by", by])
    #expect(stats["by"] as? String == by && stats["year"] as? Int == 2025, "\(stats)")
    let groups = try #require(stats["groups"] as? [[String: Any]])
    return Dictionary(groups.map { ($0["name"] as? String ?? "?", $0) }) { first, _ in first }
  }

  @Test func formatsSeparateHoursFromPages() async throws {
    try await finishedShelf()
    let formats = try await groups("format")
    #expect(formats["paper"]?["pages"] as? Int == 400 && formats["paper"]?["seconds"] as? Int == 0)
    #expect(formats["ebook"]?["pages"] as? Int == 264)
    #expect(
      formats["audiobook"]?["pages"] as? Int == 0, "the audiobook's 468 pages are not pages read")
    #expect(formats["audiobook"]?["seconds"] as? Int == 54_000)
    #expect(formats["audiobook"]?["averageDaysToFinish"] as? Double == 20)
    #expect(formats["paper"]?["averageDaysToFinish"] as? Double == 10)
    let stats = try await json(["stats", "--year", "2025"])
    #expect(stats["pagesFinished"] as? Int == 664 && stats["secondsFinished"] as? Int == 54_000)
    #expect((stats["longest"] as? [String: Any])?["title"] as? String == "Emma")
    // The listening of the year, from the entries: 90% of 15 hours after the first 10%.
    #expect(stats["secondsListened"] as? Int == 54_000)
    let text = try await bookclub(["stats", "--year", "2025"]).stdout
    #expect(text.contains("3 books · 664 pages and 15 hours finished"), "\(text)")
    let byFormat = try await bookclub(["stats", "--year", "2025", "--by", "format"]).stdout
    #expect(byFormat.contains("2025 in books, by format"), "\(byFormat)")
    let audio = byFormat.split(separator: "\n").first { $0.hasPrefix("audiobook") } ?? ""
    #expect(
      audio.contains("15 hours · 20 days to finish") && !audio.contains("pages"), "\(byFormat)")
  }

  @Test func tagsSeriesMoodsAndAuthorsGroupTheSameFinishes() async throws {
    try await finishedShelf()
    let tags = try await groups("tag")
    #expect(tags["classics"]?["books"] as? Int == 2 && tags["classics"]?["pages"] as? Int == 664)
    #expect(tags["sf"]?["books"] as? Int == 2 && tags["sf"]?["seconds"] as? Int == 54_000)
    let moods = try await groups("mood")
    // A mood is one however it is written, named by its first spelling in byte order.
    #expect(moods["Dark"]?["books"] as? Int == 2 && moods["dark"] == nil, "\(moods)")
    #expect(moods["tense"]?["books"] as? Int == 1)
    #expect(try await groups("series")["The Broken Earth"]?["books"] as? Int == 1)
    let authors = try await groups("author")
    #expect(Set(authors.keys) == ["Jane Austen", "Octavia E. Butler", "N. K. Jemisin"])
    // All time, and a year with nothing finished.
    #expect(try await json(["stats", "--all-time", "--by", "tag"])["year"] is NSNull)
    let empty = try await bookclub(["stats", "--year", "2020", "--by", "tag"]).stdout
    #expect(empty.contains("No book finished in 2020."), "\(empty)")
    let wrong = try await bookclub(["stats", "--by", "colour"], status: 64)
    #expect(wrong.stderr.contains("tag"), "\(wrong.stderr)")
  }

  @Test func aGroupNamedByAStrangerPrintsNothingRaw() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen"])
    try await bookclub([
      "tag", "emma", "\u{1B}]52;c;eA==\u{07}evil" + String(repeating: "x", count: 80),
    ])
    try await bookclub(["progress", "set", "emma", "done", "--at", "2025-05-05"])
    let text = try await bookclub(["stats", "--year", "2025", "--by", "tag"]).stdout
    #expect(!text.contains("\u{1B}]") && text.contains("\\e]52"), "\(text)")
    #expect(text.contains("…"), "a long name is cut: \(text)")
  }

  @Test func anHoursGoalCountsAudiobooksFinished() async throws {
    try await finishedShelf()
    let goal = try await json(["goal", "set", "2025", "3", "--pages", "600", "--hours", "20"])
    #expect(goal["hours"] as? Int == 20 && goal["secondsFinished"] as? Int == 54_000)
    #expect(goal["pagesFinished"] as? Int == 664 && goal["made"] as? Bool == false)
    let text = try await bookclub(["goal", "2025"]).stdout
    #expect(text.contains("15 hours of 20 hours listened"), "\(text)")
    try await bookclub(["goal", "set", "2025", "3", "--hours", "15"])
    #expect(try await json(["goal", "2025"])["made"] as? Bool == true)
    for bad in ["0", "-1", "1000001", "ten"] {
      try await bookclub(["goal", "set", "2025", "3", "--hours", bad], status: 64)
    }
    // The archive keeps the hours.
    let archive = home.path("library.json")
    try await bookclub(["export", "--format", "bookclub", "-o", archive])
    #expect(try String(contentsOfFile: archive, encoding: .utf8).contains(#""hours":15"#))
    try await bookclub(["undo", "--force"])
    #expect(try await json(["goal", "2025"])["hours"] as? Int == 20)
  }
}
