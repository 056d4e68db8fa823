import Foundation
import TestSupport
import Testing

/// The browser's `u` and `U` in a real terminal: `u` takes back the session's last change,
/// whatever it was, and says so; `U` puts it back.
@Suite(.requires(.tmux))
struct BrowserUndoTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// Middlemarch's status, as `status --json` reports it.
  func status() async throws -> String? {
    let shown = try await home.bookclub.run(["status", "1", "--library", library, "--json"])
    try #require(shown.status == 0, "\(shown.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))
    let book = (json as? [String: Any])?["book"] as? [String: Any]
    return book?["status"] as? String
  }

  /// Waits until Middlemarch has `wanted` (each look runs bookclub, so not too often).
  func waitForStatus(_ wanted: String, _ description: String) async throws {
    try await Wait.until(description, interval: .milliseconds(200)) {
      try await status() == wanted
    }
  }

  @Test func afterXTheUKeyUnabandonsAndUpperUAbandonsAgain() async throws {
    let added = try await home.bookclub.run(
      ["add", "Middlemarch", "--author", "George Eliot", "--pages", "880", "--library", library])
    try #require(added.status == 0, "\(added.stderr)")
    let tmux = try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: 80, height: 24, home: home)
    try await tmux.waitFor(" of 1")
    try await tmux.press("p", "4", "4", "0", "Enter")
    try await waitForStatus("reading", "the entry to be written")
    try await tmux.press("x")
    try await waitForStatus("abandoned", "the abandon to be written")
    // The notice lasts 3 s: looked for from before the key, on a thread of its own.
    let said = tmux.watch(for: "Undid the status of “Middlemarch”")
    try await tmux.press("u")
    _ = try await said.screen()
    try await waitForStatus("reading", "u to take the abandon back")
    try await tmux.press("U")
    try await waitForStatus("abandoned", "U to put it back")
    try await tmux.press("u", "u")
    try await waitForStatus("want", "the entry to be taken back too")
    try await tmux.press("q")
    #expect(try await tmux.waitFor("EXITED:", seconds: 60).contains("EXITED:0"))
  }
}
