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
  func expectGone(within seconds: Double) {
    let left = ProcessTable.waitUntilGone(browser, seconds: seconds)
    for pid in left {
      let before = ProcessTable.cpuSeconds(pid) ?? 0
      usleep(1_000_000)
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
    defer { expectGone(within: 10) }
    let after = try await tmux.waitFor("EXITED:129", seconds: 10)
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
    expectGone(within: 10)
    // Gone, or a zombie the shell has yet to reap: never running.
    #expect(!ProcessTable.matching(browser).contains(pid))
    var said = ""
    for _ in 0..<100 where said.isEmpty {
      said = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
      usleep(50_000)
    }
    #expect(said == "129\n", "browse ended with \(said.isEmpty ? "no status" : said)")
  }
}
