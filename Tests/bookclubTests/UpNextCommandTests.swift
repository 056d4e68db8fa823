import Foundation
import Testing

/// Up Next (issue 28): an ordered queue apart from tags and statuses. `next add` at the end,
/// the front or behind a book; `next move` anywhere; `next remove`; each through the writer
/// (undo takes it back); `status` shows the first three; the archive and a library made from
/// it keep the order.
@Suite struct UpNextCommandTests {
  let library = FirstWeekLibrary()

  func queue(in library: FirstWeekLibrary? = nil) async throws -> [String] {
    let result = try await (library ?? self.library).run(["next", "--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
      "\(result.stdout) \(result.stderr)")
    #expect(rows.map { $0["place"] as? Int } == rows.indices.map { Optional($0 + 1) })
    return rows.compactMap { ($0["book"] as? [String: Any])?["title"] as? String }
  }

  func addBooks() async throws {
    for title in ["Dune", "Emma", "Kindred", "Beloved", "Middlemarch"] {
      try await library.run(["add", title, "--author", "Someone"])
    }
  }

  @Test func booksAreQueuedMovedAndTakenOutInTheirOrder() async throws {
    try await addBooks()
    let empty = try await library.run(["next"])
    #expect(empty.stderr.contains("Up Next is empty. Queue a book: bookclub next add <book>"))
    let added = try await library.run(["next", "add", "dune"])
    #expect(added.stdout == "“Dune” is number 1 of 1 in Up Next.\n", "\(added.stdout)")
    try await library.run(["next", "add", "emma"])
    try await library.run(["next", "add", "kindred", "--first"])
    try await library.run(["next", "add", "beloved", "--after", "kindred"])
    #expect(try await queue() == ["Kindred", "Beloved", "Dune", "Emma"])
    try await library.run(["next", "move", "emma", "--before", "beloved"])
    #expect(try await queue() == ["Kindred", "Emma", "Beloved", "Dune"])
    try await library.run(["next", "move", "kindred", "--last"])
    #expect(try await queue() == ["Emma", "Beloved", "Dune", "Kindred"])
    // Moves into one gap keep the order (UpNextTests makes 80).
    for round in 0..<6 {
      try await library.run([
        "next", "move", round % 2 == 0 ? "dune" : "beloved", "--after", "emma",
      ])
    }
    #expect(try await queue() == ["Emma", "Beloved", "Dune", "Kindred"])
    let listed = try await library.run(["next"]).stdout
    #expect(
      listed == """
        1. Emma (2) — Someone · want to read
        2. Beloved (4) — Someone · want to read
        3. Dune (1) — Someone · want to read
        4. Kindred (3) — Someone · want to read

        """, "\(listed)")
    let overview = try await library.run(["status"]).stdout
    #expect(
      overview.contains(
        "\nUp next\n  1. Emma (2) — Someone · want to read\n  2. Beloved (4) — Someone · want to read\n"
          + "  3. Dune (1) — Someone · want to read\n\n"), "\(overview)")
    let removed = try await library.run(["next", "remove", "emma"])
    #expect(removed.stdout == "“Emma” is out of Up Next (3 left).\n", "\(removed.stdout)")
    try await library.run(["undo", "--force"])
    #expect(try await queue().first == "Emma")
  }

  @Test func wrongPlacesAreRefusedAndChangeNothing() async throws {
    try await addBooks()
    try await library.run(["next", "add", "dune"])
    let notQueued = try await library.run(["next", "add", "emma", "--after", "kindred"], status: 1)
    #expect(notQueued.stderr.contains("Book 3 is not in Up Next"), "\(notQueued.stderr)")
    let itself = try await library.run(["next", "move", "dune", "--after", "dune"], status: 1)
    #expect(itself.stderr.contains("cannot go after or before itself"), "\(itself.stderr)")
    let twoPlaces = try await library.run(
      ["next", "move", "dune", "--first", "--last"], status: 64)
    #expect(twoPlaces.stderr.contains("Give one place, not several."), "\(twoPlaces.stderr)")
    let nowhere = try await library.run(["next", "move", "dune"], status: 64)
    #expect(nowhere.stderr.contains("Say where: --first, --last, --after, --before."))
    let out = try await library.run(["next", "remove", "emma"], status: 1)
    #expect(out.stderr.contains("“Emma” is not in Up Next"), "\(out.stderr)")
    #expect(try await queue() == ["Dune"])
  }

  @Test func theArchiveKeepsTheQueueInOrder() async throws {
    try await addBooks()
    try await library.run(["next", "add", "middlemarch"])
    try await library.run(["next", "add", "dune", "--first"])
    try await library.run(["next", "add", "emma", "--after", "dune"])
    let archive = try await library.run(["export"]).stdout
    #expect(archive.contains(#""upNext":"#), "\(archive)")
    let other = FirstWeekLibrary()
    let file = other.home.path("library.json")
    try archive.write(toFile: file, atomically: true, encoding: .utf8)
    try await other.run(["import", file])
    #expect(try await queue(in: other) == ["Dune", "Emma", "Middlemarch"])
  }
}
