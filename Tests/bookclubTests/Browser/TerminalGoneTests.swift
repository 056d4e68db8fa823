import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub browse` when its terminal goes away with keys queued: on SIGHUP, and when the
/// terminal itself is closed, it ends at once with 129 (128 + SIGHUP, as the signal would
/// have), never working on for a terminal that is not there.
@Suite(.requires(.tmux))
struct TerminalGoneTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }
  /// What the browser's own command line holds, to find it among the processes.
  var browser: String { "\(BookclubProcess.executable.path) browse --library \(library)" }

  /// A library of 300 books, made by the bookclub under test (so an older one can read it).
  func fill() async throws {
    let rows = (1...300).map {
      "\($0),Book \($0),Author \($0 % 7),,,,0,100,,2024/01/01,to-read,to-read"
    }
    let csv = home.path("books.csv")
    let header =
      "Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,"
      + "Date Read,Date Added,Bookshelves,Exclusive Shelf"
    try ([header] + rows).joined(separator: "\n")
      .write(toFile: csv, atomically: true, encoding: .utf8)
    let imported = try await home.bookclub.run(["import", csv, "--library", library])
    #expect(imported.status == 0, "\(imported.stderr)")
  }

  /// Keys as a person holding them down sends them, many more than a screen needs.
  func queueKeys(_ tmux: TmuxSession) async throws {
    for _ in 0..<20 {
      try await tmux.press("j", "j", "j", "j", "j", "PageDown", "k", "k", "k", "k", "k", "PageUp")
    }
  }

  /// Fails, with what it cost, if the browser still runs after `seconds`; then kills it.
  func expectGone(within seconds: Double) async {
    let left = await ProcessTable.waitUntilGone(browser, seconds: seconds)
    for pid in left {
      let before = ProcessTable.cpuSeconds(pid) ?? 0
      try? await Task.sleep(for: .seconds(1))
      let spent = (ProcessTable.cpuSeconds(pid) ?? 0) - before
      Issue.record("browse still runs \(seconds) s on, using \(spent) s of CPU a second")
      kill(pid, SIGKILL)
    }
  }

  @Test func aHangUpWithKeysQueuedEndsWith129() async throws {
    try await fill()
    let tmux = try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: 80, height: 24, home: home)
    try await tmux.waitFor(" of 300")
    let pid = try #require(ProcessTable.matching(browser).first)
    try await queueKeys(tmux)
    kill(pid, SIGHUP)
    // It ends at once; the 30 s are a hang guard, telling a browser that works on for a
    // terminal that is not there from one that a busy machine slowed.
    var after = ""
    do { after = try await tmux.waitFor("EXITED:129", seconds: 30) } catch { Issue.record(error) }
    await expectGone(within: 30)  // and killed if it is not: the test leaves nothing running
    #expect(after.contains(TmuxSession.before))
    #expect(try await !tmux.isOnAlternateScreen())
  }

  @Test func aTerminalClosedWithKeysQueuedEndsTheBrowser() async throws {
    try await fill()
    // The shell around bookclub outlives the terminal (it ignores SIGHUP) to keep the status.
    let status = home.path("status")
    let tmux = try await TmuxSession(
      command: [
        "/bin/sh", "-c", #"trap '' HUP; "$0" browse --library "$1"; echo $? > "$2""#,
        BookclubProcess.executable.path, library, status,
      ],
      width: 80, height: 24, home: home)
    try await tmux.waitFor(" of 300")
    let pid = try #require(ProcessTable.matching(browser).first)
    try await queueKeys(tmux)
    try await tmux.closeTerminal()
    await expectGone(within: 30)
    // Gone, or a zombie the shell has yet to reap: never running.
    #expect(!ProcessTable.matching(browser).contains(pid))
    // The shell writes the status once it has reaped the browser.
    let said = try? await Wait.untilSome("the browser's exit status") {
      (try? String(contentsOfFile: status, encoding: .utf8)).flatMap {
        $0.hasSuffix("\n") ? $0 : nil
      }
    }
    #expect(said == "129\n", "browse ended with \(said ?? "no status")")
  }
}
