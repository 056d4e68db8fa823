import Foundation
import Testing

/// The bookclub archive carries each book's history (the edits, ratings and tag changes
/// `show` lists): restoring it gives the history back, and importing it again never
/// doubles it.
@Suite struct ArchiveHistoryTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String], library: String? = nil) async throws -> BookclubProcess.Result {
    let result = try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library ?? self.library])
    #expect(result.status == 0, "bookclub \(arguments): \(result.stderr)")
    return result
  }

  func json(_ arguments: [String], library: String? = nil) async throws -> [String: Any] {
    let result = try await run(arguments + ["--json"], library: library)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stderr)")
  }

  /// What `show --json` lists as the book's history: `{"time", "kind", "detail"}` each.
  func history(_ book: String, library: String? = nil) async throws -> [[String: String]] {
    let shown = try await json(["show", book], library: library)
    return try #require(shown["history"] as? [[String: String]], "no history in \(shown)")
  }

  /// A book with an edit, a rating and a tag change in its history.
  func makeBookWithHistory(library: String? = nil) async throws {
    try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "474"], library: library)
    try await run(["edit", "emma", "--publisher", "Penguin", "--pages", "480"], library: library)
    try await run(["rate", "emma", "4.5"], library: library)
    try await run(["tag", "emma", "classics", "comfort read"], library: library)
  }

  @Test func anExportRestoredIntoAnEmptyLibraryKeepsEachBooksHistory() async throws {
    try await makeBookWithHistory()
    let original = try await history("emma")
    #expect(original.compactMap { $0["kind"] } == ["edit", "rate", "tags"])
    #expect(original.first?["detail"]?.contains("Penguin") == true, "\(original)")

    let first = home.path("a.json")
    try await run(["export", "-o", first])
    let restored = home.path("restored.sqlite")
    let imported = try await json(["import", first], library: restored)
    #expect(imported["added"] as? Int == 1)
    #expect(try await history("emma", library: restored) == original)

    let second = home.path("b.json")
    try await run(["export", "-o", second], library: restored)
    let firstBytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == firstBytes)
    #expect(String(decoding: firstBytes, as: UTF8.self).contains("\"history\":["))
  }

  @Test func aBookRestoredFromTheTrashKeepsItsHistory() async throws {
    try await makeBookWithHistory()
    let original = try await history("emma")
    try await run(["remove", "emma", "--force"])
    try await run(["restore", "1"])
    let restored = try await history("emma")
    // The restore itself is an event of its own after the book's earlier ones.
    #expect(Array(restored.prefix(original.count)) == original, "\(restored)")
  }

  @Test func reimportingTheArchiveIntoItsOwnLibraryAddsNoEvent() async throws {
    try await makeBookWithHistory()
    let original = try await history("emma")
    let archive = home.path("a.json")
    try await run(["export", "-o", archive])
    let again = try await json(["import", archive])
    #expect(again["updated"] as? Int == 0)
    #expect(again["unchanged"] as? Int == 1)
    #expect(try await history("emma") == original)

    // A restored copy that goes its own way and is imported back: only what it lacks.
    let copy = home.path("copy.sqlite")
    try await run(["import", archive], library: copy)
    try await run(["rate", "emma", "3"], library: copy)
    let copyArchive = home.path("copy.json")
    try await run(["export", "-o", copyArchive], library: copy)
    try await run(["import", copyArchive])
    let merged = try await history("emma")
    #expect(merged.count == original.count + 1, "\(merged)")
    #expect(Array(merged.prefix(original.count)) == original)
    try await run(["import", copyArchive])
    #expect(try await history("emma") == merged)
  }

  @Test func anotherLibrarysArchiveBringsItsBooksHistoryOnce() async throws {
    let other = home.path("other.sqlite")
    try await makeBookWithHistory(library: other)
    let theirs = try await history("emma", library: other)
    let archive = home.path("other.json")
    try await run(["export", "-o", archive], library: other)
    try await run(["add", "Persuasion", "-a", "Jane Austen"])
    let imported = try await json(["import", archive])
    #expect(imported["added"] as? Int == 1)
    #expect(try await history("emma") == theirs)
    try await run(["import", archive])
    #expect(try await history("emma") == theirs)
    #expect(try await history("persuasion").isEmpty)
  }

  @Test func aBookWithAnUnknownKindOfEventIsSkippedSayingWhy() async throws {
    let event = #"{"detail":"beamed up","kind":"teleport","time":"2024-01-03T10:00:00.000Z"}"#
    func book(_ id: Int, _ history: String) -> String {
      """
      {"added":"2024-01-03T10:00:00.000Z","authors":["Jane Austen"],\(history)"id":\(id),\
      "progress":[],"status":"want","title":"Emma \(id)","updated":"2024-01-03T10:00:00.000Z"}
      """
    }
    let archive = home.path("odd.json")
    let text = """
      {"books":[
      \(book(1, "\"history\":[\(event)],")),
      \(book(2, ""))
      ],"format":"bookclub","library":null,"version":4}
      """
    try text.write(toFile: archive, atomically: false, encoding: .utf8)
    let imported = try await json(["import", archive])
    #expect(imported["added"] as? Int == 1)
    let skipped = imported["skipped"] as? [[String: Any]] ?? []
    #expect(skipped.count == 1)
    #expect((skipped.first?["reason"] as? String)?.contains("'history kind' must be edit") == true)
  }
}
