import Foundation
import Testing

/// A review is written with `review` (an editor, or `--text`), the day a book was added and
/// the finish day of its last reading with `edit`; each goes through the one writer, so
/// undo takes it back, and exports carry it.
@Suite struct ReviewAndDatesCommandTests {
  let library = FirstWeekLibrary()

  func details(_ book: String) async throws -> [String: Any] {
    try #require(try await library.json(["show", book])["details"] as? [String: Any])
  }

  @Test func aReviewIsWrittenShownExportedAndUndone() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    try await library.run(["review", "dune", "--text", "Sand, spice, and politics."])
    #expect(try await details("1")["review"] as? String == "Sand, spice, and politics.")
    let shown = try await library.run(["show", "dune"])
    #expect(shown.stdout.contains("\nReview\n  Sand, spice, and politics.\n"))
    let exported = try await library.run(["export", "--format", "goodreads"])
    #expect(exported.stdout.contains("Sand, spice, and politics."))
    try await library.run(["undo", "--force"])
    #expect(try await details("1")["review"] == nil)
    try await library.run(["review", "dune", "--text", "Again."])
    try await library.run(["review", "dune", "--text", ""])
    #expect(try await details("1")["review"] == nil)
    // Without --text and without a terminal: the command to use instead.
    let refused = try await library.run(["review", "dune"], status: 1)
    #expect(refused.stderr.contains("bookclub review dune --text <text>"))
  }

  @Test func aReviewIsWrittenInTheEditor() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    let editor = library.home.path("editor.sh")
    try "#!/bin/sh\nprintf 'Written in the editor.\\n' > \"$1\"\n".write(
      toFile: editor, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
    var environment = library.home.bookclub.environment
    environment["BOOKCLUB_LIBRARY"] = library.path
    environment["EDITOR"] = "/bin/sh \(editor)"  // read by sh: see SignalAndLimitTests
    environment["NO_COLOR"] = "1"
    let session = try TerminalSession(["review", "dune"], environment: environment)
    let (status, screen) = try await session.finish()
    #expect(status == 0, "\(screen)")
    #expect(try await details("1")["review"] as? String == "Written in the editor.")
  }

  @Test func theDayAddedAndTheFinishDayAreEdited() async throws {
    try await library.run(["add", "Emma", "--author", "Jane Austen", "--pages", "400"])
    try await library.run(["progress", "set", "emma", "100", "--at", "2024-05-01"])
    try await library.run(["progress", "set", "emma", "done", "--at", "2024-05-20"])
    try await library.run(["edit", "emma", "--added", "2024-04-02", "--finished", "2024-05-18"])
    let shown = try await library.run(["show", "emma"])
    #expect(shown.stdout.contains("\nAdded     2024-04-02\n"), "\(shown.stdout)")
    #expect(shown.stdout.contains("2024-05-01 – 2024-05-18"))
    let exported = try await library.run(["export", "--format", "goodreads"])
    #expect(exported.stdout.contains("2024/05/18") && exported.stdout.contains("2024/04/02"))
    try await library.run(["undo", "--force"])
    #expect(try await library.run(["show", "emma"]).stdout.contains("2024-05-01 – 2024-05-20"))
    // A book being read is finished with progress set done, not by a date.
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    try await library.run(["progress", "set", "dune", "10%"])
    let refused = try await library.run(["edit", "dune", "--finished", "2024-05-18"], status: 1)
    #expect(refused.stderr.contains("bookclub progress set 2 done --at <date>"))
  }
}
