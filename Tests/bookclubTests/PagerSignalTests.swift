import Foundation
import TestSupport
import Testing

/// `list`'s pager ended by SIGTERM or SIGHUP (issue 26) as by Ctrl-C: the alternate screen
/// left, the terminal's line editing and echo back, and the conventional status.
@Suite(.requires(.tmux))
struct PagerSignalTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  /// Sixty books, imported by the bookclub under test: more than a 24-row screen shows.
  func fill() async throws {
    let path = home.path("goodreads.csv")
    try GoodreadsFixture.csv(titles: (1...60).map { "Book \($0)" }).write(
      toFile: path, atomically: true, encoding: .utf8)
    let imported = try await home.bookclub.run(["import", path, "--library", library])
    try #require(imported.status == 0, "\(imported.stderr)")
  }

  @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)])
  func aSignalLeavesTheAlternateScreenAndTheTerminalAsItWas(
    signal: Int32, status: Int
  ) async throws {
    try await fill()
    // bookclub runs with the pid its shell wrote (exec); once it ends, the pane's shell
    // says how and shows the terminal's settings.
    let pidFile = home.path("list.pid")
    let script =
      "sh -c 'echo $$ > \"$0\"; exec \"$@\"' '\(pidFile)' "
      + "'\(BookclubProcess.executable.path)' list --library '\(library)'; "
      + "echo STATUS:$?; stty -a"
    let tmux = try await TmuxSession(
      command: ["/bin/sh", "-c", script], width: 80, height: 24, home: home,
      extraEnvironment: ["NO_COLOR": "1"])
    try await tmux.waitFor("space: more")
    #expect(try await tmux.isOnAlternateScreen())
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, signal) == 0)

    let after = try await tmux.waitFor("EXITED:")
    #expect(after.contains("STATUS:\(status)"), "\(after)")
    #expect(!(try await tmux.isOnAlternateScreen()), "\(after)")
    #expect(after.contains(TmuxSession.before), "\(after)")
    let settings = Set(after.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }))
    #expect(settings.contains("icanon") && settings.contains("echo"), "\(after)")
  }
}
