import Foundation
import Testing

/// The list at a terminal: `script` gives bookclub a pseudo-terminal and types for us.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct InteractiveListTests {
  let home = TestHome()

  /// Runs `bookclub arguments` at a terminal, typing each key once the prompt shows.
  func runAtTerminal(_ arguments: [String], keys: [String], rows: Int? = nil) async throws
    -> BookclubProcess.Result
  {
    var environment = home.bookclub.environment
    environment["TERM"] = "xterm"
    environment["NO_COLOR"] = "1"
    let session = try TerminalSession(arguments, environment: environment, rows: rows)
    for (index, key) in keys.enumerated() {
      try await session.waitFor("q: quit", times: index + 1)
      session.type(key)
    }
    let (status, screen) = try await session.finish()
    return BookclubProcess.Result(status: status, stdout: screen, stderr: "")
  }

  @Test func spaceShowsTheNextPageAndQQuits() async throws {
    let result = try await runAtTerminal(["demo", "--limit", "3"], keys: [" ", "q"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(" 6  Jane Eyre"))
    #expect(!result.stdout.contains(" 7  Wuthering Heights"))
    #expect(result.stdout.contains("Showing 1–6 of 73 · space: more · b: back · G: all · q: quit"))
    #expect(!result.stdout.contains("\u{1B}[1m"))  // NO_COLOR wins on a terminal
  }

  /// Arrows and Page Down are keys, not an Escape that quits and leaves `[B` typed at the
  /// shell.
  @Test func arrowsAndPageDownTurnPages() async throws {
    let result = try await runAtTerminal(
      ["demo", "--limit", "3"], keys: ["\u{1B}[B", "\u{1B}OB", "\u{1B}[6~", "q"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("12  Bleak House"))
    #expect(!result.stdout.contains("13  "))
    #expect(result.stdout.contains("Showing 1–12 of 73"))
  }

  @Test func backReprintsThePageBeforeAndHomeTheFirst() async throws {
    let result = try await runAtTerminal(
      ["demo", "--limit", "3"], keys: [" ", " ", "b", "\u{1B}[A", "\u{1B}[H", "q"])
    #expect(result.status == 0)
    #expect(result.stdout.components(separatedBy: "ID  TITLE").count - 1 == 3)
    #expect(result.stdout.contains("Showing 4–6 of 73"))
    #expect(result.stdout.contains("Showing 1–3 of 73"))
    #expect(!result.stdout.contains("10  Dracula"))
  }

  @Test func endShowsEverythingToTheEnd() async throws {
    let result = try await runAtTerminal(["demo", "--limit", "10"], keys: ["\u{1B}[F"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("73  "))
    #expect(result.stdout.components(separatedBy: "q: quit").count - 1 == 1)
  }

  /// Without `--limit` or a `pageSize` setting, a page fills the terminal.
  @Test func aPageFillsTheTerminal() async throws {
    let result = try await runAtTerminal(["demo"], keys: ["q"], rows: 12)
    #expect(result.stdout.contains("10  Dracula"))
    #expect(!result.stdout.contains("11  Great Expectations"))
    #expect(result.stdout.contains("Showing 1–10 of 73"))
  }

  @Test func theListEndsWhenTheLibraryDoes() async throws {
    let result = try await runAtTerminal(
      ["demo", "--status", "reading", "--limit", "4"], keys: [" "])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Don Quixote"))  // the sixth and last book reading
    #expect(!result.stdout.contains("Showing 1–6"))
  }

  @Test func ctrlCExits130AndLeavesNoThrowawayFiles() async throws {
    let result = try await runAtTerminal(["demo", "--limit", "3"], keys: ["\u{03}"])
    #expect(result.status == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path("tmp")).isEmpty)
  }
}
