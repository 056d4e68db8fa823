import Foundation
import ReadingModel
import Testing

/// Highlights and quotes as first-class (issue 29): kept through the writer (and undone),
/// listed a book's in book order and every book's newest first, exported as Markdown, carried
/// by the archive and the trash; hostile text refused or never printed raw.
@Suite struct HighlightCommandTests: LibraryCommandSuite {
  let home = TestHome()

  func highlights(_ arguments: [String]) async throws -> [[String: Any]] {
    let text = try await bookclub(["highlights"] + arguments + ["--json"]).stdout
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }

  @Test func quotesAreKeptListedExportedNotedAndUndone() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    try await bookclub(["add", "Dune", "-a", "Frank Herbert", "--pages", "600"])
    try await bookclub(["progress", "set", "dune", "300"])
    let kept = try await bookclub([
      "quote", "add", "emma", "Silly things do cease to be silly.", "--page", "120",
      "--note", "Frank",
    ])
    #expect(kept.stdout == "Kept the quote from “Emma” at page 120 of 400.\n", "\(kept.stdout)")
    // Without a page, where the reader is.
    try await bookclub(["quote", "add", "dune", "Fear is the mind-killer."])
    try await bookclub(["quote", "add", "emma", "Badly done, Emma!", "--at-percent", "80"])
    let emma = try await highlights(["emma"])
    #expect(
      emma.compactMap { $0["text"] as? String } == [
        "Silly things do cease to be silly.", "Badly done, Emma!",
      ])
    #expect(emma.first?["position"] as? Double == 0.3 && emma.first?["page"] as? Int == 120)
    let dune = try await highlights(["dune"])
    #expect(dune.first?["position"] as? Double == 0.5, "\(dune)")
    // Every book's, newest first; a search of text and notes, case ignored.
    let all = try await highlights([])
    #expect(all.first?["text"] as? String == "Badly done, Emma!")
    #expect(try await highlights(["--search", "FRANK"]).count == 1)
    let shown = try await bookclub(["show", "emma"]).stdout
    #expect(shown.contains("\nHighlights 2 highlights ('bookclub highlights 1')\n"), "\(shown)")
    let markdown = try await bookclub(["highlights", "export", "emma"]).stdout
    #expect(markdown.hasPrefix("# Emma\n\nby Jane Austen · 2 highlights\n\n> Silly things"))
    #expect(markdown.contains("\nPage 120 · "), "\(markdown)")
    #expect(markdown.contains("\n**Note:** Frank\n"), "\(markdown)")
    let id = String((emma.first?["id"] as? String ?? "").prefix(8))
    try await bookclub(["highlights", "note", id, "Frank Churchill"])
    #expect(try await highlights(["emma"]).first?["note"] as? String == "Frank Churchill")
    let removed = try await bookclub(["highlights", "remove", id])
    #expect(removed.stdout.contains("'bookclub undo' puts it back"))
    #expect(try await highlights(["emma"]).count == 1)
    try await bookclub(["undo", "--force"])
    #expect(try await highlights(["emma"]).count == 2)
  }

  @Test func theArchiveAndTheTrashKeepThem() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    try await bookclub(["quote", "add", "emma", "Line one\nline two", "--page", "3"])
    let archive = home.path("library.json")
    try await bookclub(["export", "-o", archive])
    let copy = home.path("copy.sqlite")
    #expect(try await run(["import", archive], library: copy).status == 0)
    let copied = try await run(["highlights", "1", "--json"], library: copy).stdout
    #expect(copied.contains(#""text":"Line one\nline two""#), "\(copied)")
    // Imported into the library it came from: nothing new.
    #expect(try await json(["import", archive])["updated"] as? Int == 0)
    try await bookclub(["remove", "emma", "--force"])
    #expect(try await highlights([]).isEmpty)
    try await bookclub(["restore", "emma"])
    #expect(try await highlights(["emma"]).count == 1)
  }

  @Test func hostileQuotesAreRefusedAndNothingIsPrintedRaw() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    let long = try await bookclub(
      ["quote", "add", "emma", String(repeating: "x", count: 20_001)], status: 64)
    #expect(long.stderr.contains("at most 20000 characters") && long.stderr.count < 2_000)
    try await bookclub(["quote", "add", "emma", "  "], status: 64)
    try await bookclub(["quote", "add", "emma", "text", "--page", "401"], status: 64)
    try await bookclub(
      ["quote", "add", "emma", "text", "--page", "1", "--at-percent", "5"], status: 64)
    try await bookclub([
      "quote", "add", "emma", "Ti\u{1B}]52;c;eA==\u{07}tle \u{1B}[2J", "--page", "2",
    ])
    let listed = try await bookclub(["highlights", "emma"]).stdout
    #expect(!listed.contains("\u{1B}") && listed.contains("\\e]52"), "\(listed)")
    // A file gets the text as the book gave it.
    let file = home.path("emma.md")
    try await bookclub(["highlights", "export", "emma", "-o", file])
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\u{1B}]52;c;eA==\u{07}"))
    let missing = try await bookclub(["highlights", "remove", "zzzz"], status: 1)
    #expect(missing.stderr.contains("No highlight has the id"), "\(missing.stderr)")
  }
}
