import Foundation
import TestSupport
import Testing

@testable import bookclub

/// `list`'s pager in a real terminal emulator (issue 26): pages drawn in place on the
/// alternate screen, as `less` draws them, so going back adds no copies to the scrollback;
/// when it ends, the page it was on stays in the terminal.
@Suite(.requires(.tmux))
struct PagerScreenTests {
  let home = TestHome()

  func demo(_ arguments: [String], height: Int = 24) async throws -> TmuxSession {
    try await TmuxSession(
      command: [BookclubProcess.executable.path, "demo"] + arguments, width: 80, height: height,
      home: home, extraEnvironment: ["NO_COLOR": "1"])
  }

  func count(_ text: String, in screen: String) -> Int {
    screen.components(separatedBy: text).count - 1
  }

  @Test func backRedrawsTheEarlierPageInPlaceAndQuitLeavesItOnScreen() async throws {
    let session = try await demo(["--limit", "5"])
    _ = try await session.waitFor("Showing 1–5 of 73")
    #expect(try await session.isOnAlternateScreen())
    try await session.press("Space")
    let second = try await session.waitFor("Showing 6–10 of 73")
    #expect(count("ID  TITLE", in: second) == 1, "\(second)")
    #expect(!second.contains("Pride and Prejudice"), "\(second)")  // book 1 is not below
    try await session.press("b")
    let back = try await session.waitFor("Showing 1–5 of 73")
    #expect(count("ID  TITLE", in: back) == 1, "\(back)")
    #expect(!back.contains("Showing 6–10"), "\(back)")
    #expect(!back.contains(" 6  "), "\(back)")

    try await session.press("q")
    let after = try await session.waitFor("EXITED:0")
    #expect(!(try await session.isOnAlternateScreen()))
    // The screen from before the list, then the page the pager was on, once.
    #expect(after.contains(TmuxSession.before), "\(after)")
    #expect(count("ID  TITLE", in: after) == 1, "\(after)")
    #expect(after.contains(" 5  "), "\(after)")
    #expect(!after.contains(" 6  "), "\(after)")
    #expect(!after.contains("q: quit"), "\(after)")
  }

  @Test func endLeavesTheAlternateScreenAndPrintsToTheEnd() async throws {
    let session = try await demo(["--limit", "5"])
    _ = try await session.waitFor("Showing 1–5 of 73")
    try await session.press("Space")
    _ = try await session.waitFor("Showing 6–10 of 73")
    try await session.press("G")
    let after = try await session.waitFor("EXITED:0")
    #expect(!(try await session.isOnAlternateScreen()))
    #expect(after.contains("73  "), "\(after)")
  }

  /// Ctrl-C (SIGINT to bookclub alone: tmux's C-c would end the test's shell too).
  @Test func ctrlCLeavesTheAlternateScreen() async throws {
    let pidFile = home.path("pager.pid")
    let command = "echo $$ > '\(pidFile)'; exec '\(BookclubProcess.executable.path)' demo --limit 5"
    let session = try await TmuxSession(
      command: ["/bin/sh", "-c", command], width: 80, height: 24, home: home,
      extraEnvironment: ["NO_COLOR": "1"])
    _ = try await session.waitFor("Showing 1–5 of 73")
    #expect(try await session.isOnAlternateScreen())
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, SIGINT) == 0)
    let after = try await session.waitFor("EXITED:130")
    #expect(!(try await session.isOnAlternateScreen()))
    #expect(after.contains(TmuxSession.before), "\(after)")
  }

  /// A page taller than the terminal cannot be drawn in place: it is printed into the
  /// scrollback, as a plain `list` prints it.
  @Test func aPageTallerThanTheTerminalIsPrintedIntoTheScrollback() async throws {
    let session = try await demo(["--limit", "30"], height: 20)
    _ = try await session.waitFor("q: quit")
    #expect(!(try await session.isOnAlternateScreen()))
    try await session.press("q")
    _ = try await session.waitFor("EXITED:0")
  }
}

/// The rows the pager shows when it draws in place, and after it leaves the screen.
struct PagerWindowInPlaceTests {
  @Test func inPlaceEveryWindowHasItsHeaderAndReprintStartsAtThePageOnScreen() {
    var pager = PagerWindow(pageSize: 5)
    pager.redrawsInPlace = true
    #expect(pager.show(available: 20) == .init(rows: 0..<5, withHeader: true))
    pager.apply(.next)
    #expect(pager.show(available: 20) == .init(rows: 5..<10, withHeader: true))
    #expect(pager.onScreen == 5..<10)
    // Left for the scrollback, with everything to the end: from the page on screen.
    pager.redrawsInPlace = false
    pager.reprint()
    pager.apply(.last)
    #expect(pager.show(available: 20) == .init(rows: 5..<10, withHeader: true))
    pager.apply(.next)
    #expect(pager.show(available: 20) == .init(rows: 10..<15, withHeader: false))
  }
}
