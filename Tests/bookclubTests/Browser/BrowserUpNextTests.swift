import Foundation
import ReadingModel
import TestSupport
import Testing

/// Up Next in the browser (issue 28), through the real binary in tmux: the queue is a tab in
/// its order, `K` and `J` move the highlighted book up and down it, `+` and `-` put a book
/// in and take it out, and the commands see the same queue after.
@Suite(.requires(.tmux))
struct BrowserUpNextTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func bookclub(_ arguments: String...) async throws -> String {
    let result = try await home.bookclub.run(arguments + ["--library", library])
    try #require(result.status == 0, "\(arguments): \(result.stderr)")
    return result.stdout
  }

  /// The queue's titles, as `next --json` lists them.
  func queue() async throws -> [String] {
    let listed = try await bookclub("list", "--up-next", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])
    return ((object["books"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
  }

  /// The titles of the book rows on screen (those with a progress bar's percent), top first:
  /// a notice naming a book is no row.
  func rows(_ screen: String, of titles: [String]) -> [String] {
    screen.split(separator: "\n").filter { $0.hasSuffix("%") }.compactMap { line in
      titles.first { line.contains($0) }
    }
  }

  @Test func theQueueIsATabWhereBooksMoveUpAndDown() async throws {
    let titles = ["Kindred", "Emma", "Beloved", "Dune"]
    for title in titles { try await bookclub("add", title, "--author", "Someone") }
    for title in ["Kindred", "Emma", "Beloved"] { try await bookclub("next", "add", title) }
    let tmux = try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: 100, height: 24, home: home)
    try await tmux.waitFor("Dune")
    try await tmux.press("7")
    var screen = try await tmux.waitUntil(waitingFor: "the queue alone, in its order") {
      $0.contains("sort: upNext") && !$0.contains("Dune")
    }
    #expect(rows(screen, of: titles) == ["Kindred", "Emma", "Beloved"], "\(screen)")
    // Kindred down one, then down again: Emma, Beloved, Kindred; the highlight follows.
    // Each move's notice waits for the one before (3 s each): the rows are looked at, and
    // the words of each notice are BrowserUpNextModelTests'.
    try await tmux.press("J")
    try await tmux.waitUntil(waitingFor: "Kindred second") {
      rows($0, of: titles) == ["Emma", "Kindred", "Beloved"]
    }
    try await tmux.press("J")
    screen = try await tmux.waitUntil(waitingFor: "Kindred last") {
      rows($0, of: titles) == ["Emma", "Beloved", "Kindred"]
    }
    #expect(try await queue() == ["Emma", "Beloved", "Kindred"])
    // Beloved up to the top.
    try await tmux.press("k", "K")
    try await tmux.waitUntil(waitingFor: "Beloved first") {
      rows($0, of: titles) == ["Beloved", "Emma", "Kindred"]
    }
    // Out of the queue with -, and Dune in with + from the All tab.
    try await tmux.press("-")
    try await tmux.waitUntil(waitingFor: "Beloved out") {
      rows($0, of: titles) == ["Emma", "Kindred"]
    }
    try await tmux.press("1")
    try await tmux.waitFor("sort: id")
    try await tmux.press("G", "+")
    try await Wait.until("Dune queued") { try await queue().last == "Dune" }
    try await tmux.press("q")
    #expect(try await tmux.waitFor("EXITED:").contains("EXITED:0"))
    #expect(try await queue() == ["Emma", "Kindred", "Dune"])
    // Each move was one change: undo takes the last back.
    try await bookclub("undo", "--force")
    #expect(try await queue() == ["Emma", "Kindred"])
  }
}
