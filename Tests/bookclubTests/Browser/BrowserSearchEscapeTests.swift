import Foundation
import TestSupport
import Testing

/// Esc pressed in the search while its newest query is still in flight clears the search
/// (issue 26), in a real terminal: the last letter, Esc and `?` go in one write, as a quick
/// hand types them, so Esc comes while the query for that letter runs. `?` opens the help
/// only once keys go to the list again: the screen then says where Esc left the search,
/// however long the query takes. Twenty times: on the code before the fix the query won
/// the race in some of the first attempts (a warm-up), and in few after them.
@Suite(.requires(.tmux))
struct BrowserSearchEscapeTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// 500 books and two whose titles begin "Middle", imported by the bookclub under test.
  func fill() async throws {
    let titles = (1...500).map { "Book \($0)" } + ["Middlemarch", "Middle Passage"]
    let path = home.path("goodreads.csv")
    try GoodreadsFixture.csv(titles: titles).write(
      toFile: path, atomically: true, encoding: .utf8)
    let imported = try await home.bookclub.run(["import", path, "--library", library])
    try #require(imported.status == 0, "\(imported.stderr)")
  }

  @Test func escWithAQueryInFlightClearsTheSearchEveryTime() async throws {
    try await fill()
    let tmux = try await TmuxSession(
      // Tall enough that the help's box leaves the row under the tabs to be read.
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: 80, height: 32, home: home)
    try await tmux.waitFor(" of 502")
    for attempt in 1...20 {
      try await tmux.press("/")
      try await tmux.type("midd")
      try await tmux.waitFor("1–2 of 2")
      let help = tmux.watch(for: "Keys (")
      try await tmux.type("l\u{1B}?")
      let shown = try await help.screen()
      // The row under the tabs: the column titles, not a search left behind.
      let searchRow = shown.split(separator: "\n", omittingEmptySubsequences: false)[1]
      try #require(
        !searchRow.contains("/midd"), "attempt \(attempt): \(shown)")
      #expect(searchRow.contains("TITLE"), "attempt \(attempt): \(shown)")
      try await tmux.press("Escape")
      let whole = try await tmux.waitUntil(waitingFor: "the whole list, help closed") {
        $0.contains(" of 502") && !$0.contains("Keys (")
      }
      #expect(!whole.contains("/midd"), "attempt \(attempt): \(whole)")
    }
    try await tmux.press("q")
    #expect(try await tmux.waitFor("EXITED:").contains("EXITED:0"))
  }
}
