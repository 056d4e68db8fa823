import Foundation
import Testing

/// A review that gives the story away (issue 26): `review --spoiler` marks it, `show` says
/// so, `--json` carries it, Goodreads' `Spoiler` column comes in and goes out, bookclub's
/// own export keeps it, and undo takes it back with the review.
@Suite struct ReviewSpoilerCommandTests {
  let library = FirstWeekLibrary()

  func details(_ book: String, in library: FirstWeekLibrary? = nil) async throws -> [String: Any] {
    try #require(
      try await (library ?? self.library).json(["show", book])["details"] as? [String: Any])
  }

  /// The row of `title` in a Goodreads export, by column name.
  func goodreadsRow(_ csv: String, title: String) throws -> [String: String] {
    let lines = csv.split(whereSeparator: \.isNewline).map(String.init)  // \r\n is one Character
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let line = try #require(lines.first { $0.contains(",\(title),") }, "\(csv)")
    let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    return Dictionary(uniqueKeysWithValues: zip(header, cells))
  }

  @Test func aSpoilerIsMarkedShownAndCarriedInJSON() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    let marked = try await library.run(
      ["review", "dune", "--text", "Paul becomes the Kwisatz Haderach.", "--spoiler"])
    #expect(marked.stdout.contains("  review has spoilers: no → yes\n"), "\(marked.stdout)")
    let shown = try await library.run(["show", "dune"])
    #expect(
      shown.stdout.contains("\nReview (contains spoilers)\n  Paul becomes the Kwisatz Haderach.\n"),
      "\(shown.stdout)")
    #expect(try await details("1")["spoiler"] as? Bool == true)
    // A review changed without a flag keeps the mark; --no-spoiler takes it off.
    let rewritten = try await library.json(["review", "dune", "--text", "Paul wins."])
    let review = try #require(rewritten["review"] as? [String: Any])
    #expect(review["spoiler"] as? Bool == true)
    #expect(review["text"] as? String == "Paul wins.")
    let unmarked = try await library.json([
      "review", "dune", "--text", "Paul wins.", "--no-spoiler",
    ])
    #expect((unmarked["review"] as? [String: Any])?["spoiler"] as? Bool == false)
    let changes = try #require(unmarked["changes"] as? [[String: Any]])
    #expect(
      changes.map { "\($0["field"] ?? "") \($0["before"] ?? "") → \($0["after"] ?? "")" }
        == ["spoiler true → "])
    #expect(try await details("1")["spoiler"] == nil)
    #expect(try await library.run(["show", "dune"]).stdout.contains("\nReview\n  Paul wins.\n"))
    // Removing the review takes a mark with it; a mark on nothing is refused.
    try await library.run(["review", "dune", "--text", "Paul wins.", "--spoiler"])
    try await library.run(["review", "dune", "--text", ""])
    #expect(try await details("1")["spoiler"] == nil)
    let nothing = try await library.run(["review", "dune", "--text", " ", "--spoiler"], status: 64)
    #expect(nothing.stderr.contains("With --spoiler the review needs words"), "\(nothing.stderr)")
    let both = try await library.run(
      ["review", "dune", "--text", "x", "--spoiler", "--no-spoiler"], status: 64)
    #expect(both.stderr.contains("Give one of them, not both."))
  }

  @Test func undoAndRedoTakeTheMarkBackWithTheReview() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    try await library.run(["review", "dune", "--text", "Good."])
    try await library.run(["review", "dune", "--text", "Paul dies? No.", "--spoiler"])
    try await library.run(["undo", "--force"])
    var shown = try await details("1")
    #expect(shown["review"] as? String == "Good.")
    #expect(shown["spoiler"] == nil)
    try await library.run(["redo", "--force"])
    shown = try await details("1")
    #expect(shown["review"] as? String == "Paul dies? No.")
    #expect(shown["spoiler"] as? Bool == true)
    // The mark alone, changed with the same review, is undone alone.
    try await library.run(["review", "dune", "--text", "Paul dies? No.", "--no-spoiler"])
    try await library.run(["undo", "--force"])
    #expect(try await details("1")["spoiler"] as? Bool == true)
  }

  /// A Goodreads export with a `Spoiler` column: `true`, `false` and empty.
  static let goodreadsCSV = """
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,\
    Date Read,Date Added,Bookshelves,Exclusive Shelf,My Review,Spoiler,Read Count
    11,Rebecca,Daphne du Maurier,,,,5,400,2024/03/01,2024/01/01,,read,The first wife&#39;s secret: <br/>she was hated.,true,1
    12,Emma,Jane Austen,,,,4,474,2024/02/01,2024/01/01,,read,Lovely.,false,1
    13,Dune,Frank Herbert,,,,0,600,,2024/01/01,,to-read,,,0

    """

  @Test func aGoodreadsSpoilerComesInAndGoesOutAgain() async throws {
    let path = library.home.path("goodreads_library_export.csv")
    try Self.goodreadsCSV.write(toFile: path, atomically: true, encoding: .utf8)
    try await library.run(["import", path])
    #expect(try await details("rebecca")["spoiler"] as? Bool == true)
    #expect(try await details("emma")["spoiler"] == nil)
    #expect(try await details("dune")["spoiler"] == nil)
    let shown = try await library.run(["show", "rebecca"])
    #expect(shown.stdout.contains("\nReview (contains spoilers)\n  The first wife's secret:"))
    #expect(try await library.run(["show", "emma"]).stdout.contains("\nReview\n  Lovely.\n"))
    // Re-imported unchanged: nothing to do. Marked here, then exported: the file says so.
    let again = try await library.json(["import", path])
    #expect(again["updated"] as? Int == 0 && again["unchanged"] as? Int == 3, "\(again)")
    try await library.run(["review", "emma", "--text", "Lovely.", "--spoiler"])
    let exported = try await library.run(["export", "--format", "goodreads"]).stdout
    #expect(try goodreadsRow(exported, title: "Rebecca")["Spoiler"] == "true")
    #expect(try goodreadsRow(exported, title: "Emma")["Spoiler"] == "true")
    #expect(try goodreadsRow(exported, title: "Dune")["Spoiler"] == "")
    // A library that reads that export has the same marks.
    let other = FirstWeekLibrary()
    let file = other.home.path("goodreads_library_export.csv")
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    try await other.run(["import", file])
    #expect(try await details("rebecca", in: other)["spoiler"] as? Bool == true)
    #expect(try await details("emma", in: other)["spoiler"] as? Bool == true)
  }

  @Test func bookclubsOwnExportKeepsTheMark() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    try await library.run(["add", "Emma", "--author", "Jane Austen"])
    try await library.run(["review", "dune", "--text", "Paul wins.", "--spoiler"])
    try await library.run(["review", "emma", "--text", "Lovely."])
    let archive = try await library.run(["export"]).stdout
    #expect(archive.contains(#""spoiler":true"#))
    let other = FirstWeekLibrary()
    let file = other.home.path("library.json")
    try archive.write(toFile: file, atomically: true, encoding: .utf8)
    try await other.run(["import", file])
    #expect(try await details("dune", in: other)["spoiler"] as? Bool == true)
    #expect(try await details("emma", in: other)["spoiler"] == nil)
    #expect(try await other.run(["export"]).stdout.contains(#""spoiler":true"#))
  }
}
