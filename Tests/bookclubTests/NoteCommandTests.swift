import Foundation
import Testing

/// `bookclub note ...` and `bookclub show`, run as a binary.
@Suite struct NoteCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library, "TZ": "UTC"])
  }

  func notes() async throws -> [[String: Any]] {
    let result = try await run(["note", "list", "1", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return object?["notes"] as? [[String: Any]] ?? []
  }

  @Test func addListEditRemove() async throws {
    try await run(["add", "Moby-Dick", "--author", "Herman Melville", "--pages", "720"])
    let early = try await run(["note", "add", "moby", "Before starting: heard it is long."])
    #expect(early.status == 0)
    #expect(early.stderr == "Noted on “Moby-Dick” at page 0 of 720.\n")
    try await run(["progress", "set", "1", "72"])
    let added = try await run(["note", "add", "1", "Call me Ishmael."])
    let shortID = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(shortID.count == 8)
    let listed = try await run(["note", "list", "1"])
    let rows = listed.stdout.split(separator: "\n")
    #expect(rows.count == 3)
    #expect(rows[2].hasPrefix(Substring(shortID)))
    #expect(rows[2].hasSuffix("10%       Call me Ishmael."))
    var json = try await notes()
    #expect(
      json.map { $0["note"] as? String } == [
        "Before starting: heard it is long.", "Call me Ishmael.",
      ])
    #expect(json[1]["page"] as? Int == 72)

    let edited = try await run(["note", "edit", shortID, "Call me Ishmael. Some years ago..."])
    #expect(edited.status == 0)
    json = try await notes()
    #expect(json[1]["note"] as? String == "Call me Ishmael. Some years ago...")
    #expect(json[1]["page"] as? Int == 72)

    let refused = try await run(["note", "remove", shortID])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("pass --force"))
    await #expect(try notes().count == 2)
    let removed = try await run(["note", "remove", shortID, "--force"])
    #expect(removed.status == 0)
    await #expect(try notes().count == 1)
    // A note entry goes whole; the position it was written at stays.
    var entries = try await progressEntries()
    #expect(entries.map { $0["kind"] as? String } == ["note", "progress"])
    #expect(entries[1]["page"] as? Int == 72)

    // A note written with a position: removing it leaves the position.
    let noted = try await run(["progress", "set", "1", "144", "--note", "Ahab."])
    #expect(noted.status == 0)
    let positionNote = try #require(try await notes().last?["id"] as? String)
    let kept = try await run(["note", "remove", String(positionNote.prefix(8)), "--force"])
    #expect(kept.stderr.contains("its progress stays"))
    entries = try await progressEntries()
    #expect(entries.count == 3)
    #expect(entries[2]["note"] is NSNull)
    #expect(entries[2]["page"] as? Int == 144)
  }

  func progressEntries() async throws -> [[String: Any]] {
    let history = try await run(["progress", "show", "1", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String: Any]
    return try #require(object?["entries"] as? [[String: Any]])
  }

  @Test func entryIdErrors() async throws {
    try await run(["add", "Moby-Dick", "--author", "Herman Melville", "--pages", "720"])
    #expect(try await run(["note", "edit", "ffffffff", "x"]).status == 1)
    #expect(try await run(["note", "edit", "ffffffff", " "]).status == 64)
    let none = try await run(["note", "remove", "zz", "--force"])
    #expect(none.stderr.contains("bookclub note list"))
  }

  @Test func showPrintsEverything() async throws {
    try await run([
      "add", "Moby-Dick", "--author", "Herman Melville", "--pages", "720", "--isbn",
      "9780142437247",
    ])
    try await run(["progress", "set", "1", "72", "--at", "2024-05-01", "--note", "one"])
    try await run(["progress", "set", "1", "144", "--at", "2024-05-03", "--note", "two"])
    try await run(["progress", "set", "1", "216", "--at", "2024-05-05", "--note", "three"])
    try await run(["progress", "set", "1", "288", "--at", "2024-05-07", "--note", "four"])
    let shown = try await run(["show", "moby"])
    #expect(shown.status == 0)
    let text = shown.stdout
    for expected in [
      "Moby-Dick\n", "by Herman Melville\n", "ISBN      9780142437247\n", "Pages     720\n",
      "Status    reading since 2024-05-01\n", "████░░░░░░  40%  page 288 of 720\n",
      "Started   2024-05-01\n", "Pace      36 pages/day · finish around 2024-05-19\n",
      "  2024-05-03   20%  two\n", "  2024-05-07   40%  four\n",
    ] {
      #expect(text.contains(expected), "missing \(expected)")
    }
    #expect(!text.contains("  one"))
    let json = try await run(["show", "moby", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(
      (object?["notes"] as? [[String: Any]])?.compactMap { $0["note"] as? String } == [
        "two", "three", "four",
      ])
    #expect(object?["page"] as? Int == 288)
    #expect(object?["started"] as? String == "2024-05-01T12:00:00.000Z")
  }
}

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct NoteRemoveConfirmationTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// Answers the question once it is asked.
  func removeAtTerminal(_ shortID: String, answer: String) async throws -> BookclubProcess.Result {
    let session = try TerminalSession(
      ["note", "remove", shortID, "--library", library], environment: home.bookclub.environment)
    try await session.waitFor("[y/N]")
    session.type(answer + "\n")
    let (status, screen) = try await session.finish()
    return BookclubProcess.Result(status: status, stdout: screen, stderr: "")
  }

  @Test func asksAtATerminal() async throws {
    try await home.bookclub.run(["add", "Emma", "--author", "Jane Austen", "--library", library])
    let added = try await home.bookclub.run([
      "note", "add", "emma", "Handsome, clever, and rich.", "--library", library,
    ])
    let shortID = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let kept = try await removeAtTerminal(shortID, answer: "n")
    #expect(
      kept.stdout.contains(
        "Remove note \(shortID), “Handsome, clever, and rich.”? [y/N]"))
    #expect(kept.stdout.contains("Kept."))
    let removed = try await removeAtTerminal(shortID, answer: "y")
    #expect(removed.stdout.contains("removed"))
    let listed = try await home.bookclub.run([
      "note", "list", "emma", "--json", "--library", library,
    ])
    #expect(listed.stdout.contains("\"notes\":[]"))
  }
}
