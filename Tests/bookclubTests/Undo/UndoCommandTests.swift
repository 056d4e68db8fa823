import Foundation
import Testing

/// `bookclub undo` and `redo`, end to end: every kind of change taken back and put back,
/// through the real binary.
@Suite struct UndoCommandTests: LibraryCommandSuite {
  let home = TestHome()

  /// `show --json` of book 1: its book, details and history.
  func shown() async throws -> [String: Any] { try await json(["show", "1"]) }

  func book() async throws -> [String: Any] {
    try #require(try await shown()["book"] as? [String: Any])
  }

  func details() async throws -> [String: Any] {
    try #require(try await shown()["details"] as? [String: Any])
  }

  @discardableResult
  func run(_ arguments: [String], status: Int32) async throws -> BookclubProcess.Result {
    let result = try await run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    return result
  }

  func addEmma() async throws {
    try await run(["add", "Emma", "--author", "Jane Austen", "--pages", "400"], status: 0)
  }

  @Test func everyKindOfChangeIsUndoneAndRedone() async throws {
    try await addEmma()
    try await run(["progress", "set", "1", "100"], status: 0)
    #expect(try await book()["progress"] as? Double == 0.25)
    try await run(["undo", "--force"], status: 0)
    #expect(try await book()["progress"] is NSNull)
    #expect(try await book()["status"] as? String == "want")
    try await run(["redo", "--force"], status: 0)
    #expect(try await book()["progress"] as? Double == 0.25)

    try await run(["status", "1", "abandoned"], status: 0)
    let undid = try await run(["undo", "--force"], status: 0)
    #expect(undid.stderr.contains("Undid the status of “Emma” (reading → abandoned)."))
    #expect(try await book()["status"] as? String == "reading")
    try await run(["redo", "--force"], status: 0)
    #expect(try await book()["status"] as? String == "abandoned")
    try await run(["undo", "--force"], status: 0)

    try await run(["rate", "1", "4.5"], status: 0)
    try await run(["undo", "--force"], status: 0)
    #expect(try await details()["rating"] == nil)
    try await run(["redo", "--force"], status: 0)
    #expect(try await details()["rating"] as? Double == 4.5)

    try await run(["tag", "1", "classics"], status: 0)
    try await run(["undo", "--force"], status: 0)
    #expect(try await details()["tags"] as? [String] == [])
    try await run(["redo", "--force"], status: 0)
    #expect(try await details()["tags"] as? [String] == ["classics"])

    try await run(["edit", "1", "--title", "Emma (Penguin)"], status: 0)
    try await run(["undo", "--force"], status: 0)
    #expect(try await book()["title"] as? String == "Emma")
    try await run(["redo", "--force"], status: 0)
    #expect(try await book()["title"] as? String == "Emma (Penguin)")

    try await run(["note", "add", "1", "A fine opening"], status: 0)
    try await run(["undo", "--force"], status: 0)
    #expect((try await shown()["notes"] as? [Any])?.isEmpty == true)
    try await run(["redo", "--force"], status: 0)
    #expect((try await shown()["notes"] as? [Any])?.count == 1)
  }

  @Test func theHistorySaysWhatWasUndoneAndRedone() async throws {
    try await addEmma()
    try await run(["rate", "1", "4"], status: 0)
    try await run(["undo", "--force"], status: 0)
    try await run(["redo", "--force"], status: 0)
    let history = try #require(try await shown()["history"] as? [[String: Any]])
    #expect(history.map { $0["kind"] as? String } == ["rate", "undo", "redo"])
    #expect((history[1]["detail"] as? String)?.hasPrefix("undid the rating of “Emma”") == true)
  }

  @Test func undoOfABookTakesBackThatBooksLastChange() async throws {
    try await addEmma()
    try await run(["add", "Dune", "--author", "Frank Herbert"], status: 0)
    try await run(["rate", "1", "3"], status: 0)
    try await run(["rate", "2", "5"], status: 0)
    try await run(["undo", "Emma", "--force"], status: 0)
    #expect(try await details()["rating"] == nil)
    let dune = try await json(["show", "2"])
    #expect((dune["details"] as? [String: Any])?["rating"] as? Double == 5)
  }

  @Test func removingAddingAndGoalsAreUndoneToo() async throws {
    try await addEmma()
    try await run(["remove", "1", "--force"], status: 0)
    try await run(["undo", "--force"], status: 0)
    #expect(try await book()["title"] as? String == "Emma")
    #expect(try await run(["trash"], status: 0).stdout.contains("Emma") == false)
    try await run(["goal", "set", "2026", "12"], status: 0)
    try await run(["undo", "--force"], status: 0)
    #expect(try await run(["goal", "2026"]).stdout.contains("12") == false)
  }

  @Test func withoutATerminalItAsksForForceAndChangesNothing() async throws {
    try await addEmma()
    try await run(["rate", "1", "4"], status: 0)
    let refused = try await run(["undo"], status: 2)
    #expect(refused.stderr.contains("Undo the rating of “Emma”"))
    #expect(refused.stderr.contains("pass --force"))
    #expect(try await details()["rating"] as? Double == 4)
  }

  @Test func nothingToUndoOrRedoIsAnErrorThatSaysSo() async throws {
    try await addEmma()
    try await run(["undo", "--force"], status: 0)
    let nothing = try await run(["undo", "--force"], status: 1)
    #expect(nothing.stderr.contains("Nothing to undo"))
    try await run(["redo", "--force"], status: 0)
    let noRedo = try await run(["redo", "--force"], status: 1)
    #expect(noRedo.stderr.contains("Nothing to redo"))
    // A new change ends what redo can put back.
    try await run(["undo", "--force"], status: 0)
    try await addEmma()
    try await run(["redo", "--force"], status: 1)
  }

  @Test(.requires(.sqlite3)) func aChangeMadeAroundTheRecordIsNeverUndoneOver() async throws {
    try await addEmma()
    try await run(["rate", "1", "4"], status: 0)
    // Another program changes the book behind bookclub's back.
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    sqlite.arguments = [
      "sqlite3", library, "UPDATE book_details SET rating = 2 WHERE book_id = 1;",
    ]
    try #require(try await BookclubProcess.waitForExit(of: sqlite) == 0)
    let refused = try await run(["undo", "--force"], status: 1)
    #expect(refused.stderr.contains("changed since"), "\(refused.stderr)")
    #expect(try await details()["rating"] as? Double == 2)
  }

  @Test func jsonSaysWhatWasUndone() async throws {
    try await addEmma()
    try await run(["tag", "1", "classics"], status: 0)
    let undone = try await json(["undo", "--force"])
    #expect(undone["action"] as? String == "undo")
    #expect(undone["kind"] as? String == "tags")
    #expect((undone["book"] as? [String: Any])?["title"] as? String == "Emma")
  }
}
