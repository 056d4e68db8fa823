import Foundation
import ReadingModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub browse` keeps what was typed before it ends: a progress entry submitted with
/// Enter is written even when `q`, Ctrl-C or SIGTERM follows at once, in the same burst of
/// keys a person typing fast (or a paste) sends.
@Suite(.requires(.tmux))
struct BrowserWriteTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }
  /// What the browser's own command line holds, to find it among the processes.
  var browser: String { "\(BookclubProcess.executable.path) browse --library \(library)" }

  /// Middlemarch (880 pages, book 1, highlighted at the start) and two more, added by the
  /// bookclub under test (so an older one can read the library).
  func fill() async throws {
    let books = [
      ("Middlemarch", "George Eliot", "880"), ("Persuasion", "Jane Austen", "250"),
      ("Emma", "Jane Austen", "474"),
    ]
    for (title, author, pages) in books {
      let added = try await home.bookclub.run(
        ["add", title, "--author", author, "--pages", pages, "--library", library])
      try #require(added.status == 0, "\(added.stderr)")
    }
  }

  /// A browser in a terminal of its own, with the library shown.
  func start() async throws -> TmuxSession {
    let tmux = try await TmuxSession(
      command: [BookclubProcess.executable.path, "browse", "--library", library],
      width: 80, height: 24, home: home)
    try await tmux.waitFor(" of 3")
    return tmux
  }

  /// How many progress entries Middlemarch has, as `progress show --json` reports them.
  func entries() async throws -> Int {
    let shown = try await home.bookclub.run(
      ["progress", "show", "1", "--library", library, "--json"])
    try #require(shown.status == 0, "\(shown.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))
    let object = try #require(json as? [String: Any], "\(shown.stdout)")
    let list = try #require(object["entries"] as? [Any], "\(shown.stdout)")
    return list.count
  }

  @Test func progressThenQuitInOneBurstIsWrittenEveryTime() async throws {
    try await fill()
    for attempt in 1...20 {
      let tmux = try await start()
      try await tmux.press("p", "4", "4", "0", "Enter", "q")
      let after = try await tmux.waitFor("EXITED:", seconds: Self.endingWait)
      #expect(after.contains("EXITED:0"), "attempt \(attempt)")
      let recorded = try await entries()
      #expect(recorded == attempt, "after attempt \(attempt), \(recorded) entries")
      guard recorded == attempt else { break }  // the old code: one failure says enough
    }
  }

  /// Longer than the browser's own wait for its writes (40 s): a very busy run is slow, and
  /// only a browser that never ends fails.
  static let endingWait = 60.0

  @Test func progressThenCtrlCInOneBurstIsWritten() async throws {
    try await fill()
    for attempt in 1...5 {
      let tmux = try await start()
      try await tmux.press("p", "4", "4", "0", "Enter", "C-c")
      let after = try await tmux.waitFor("EXITED:", seconds: Self.endingWait)
      #expect(after.contains("EXITED:0"), "attempt \(attempt)")
      #expect(try await !tmux.isOnAlternateScreen())
      let recorded = try await entries()
      #expect(recorded == attempt, "after attempt \(attempt), \(recorded) entries")
      guard recorded == attempt else { break }
    }
  }

  @Test func sigtermRightAfterEnterKeepsTheWriteAndEndsWith143() async throws {
    try await fill()
    for attempt in 1...5 {
      let tmux = try await start()
      let pid = try #require(ProcessTable.matching(browser).first)
      try await tmux.press("p", "4", "4", "0", "Enter")
      kill(pid, SIGTERM)
      let after = try await tmux.waitFor("EXITED:", seconds: Self.endingWait)
      #expect(after.contains("EXITED:143"), "attempt \(attempt)")
      #expect(after.contains(TmuxSession.before))
      #expect(try await !tmux.isOnAlternateScreen())
      let recorded = try await entries()
      #expect(recorded == attempt, "after attempt \(attempt), \(recorded) entries")
      guard recorded == attempt else { break }
    }
  }

  @Test func keysTypedBehindAPromptsWriteWaitForIt() async throws {
    try await fill()
    let tmux = try await start()
    // The second prompt opens only once the first write has closed its prompt; in the old
    // browser "p 450" was typed into the first prompt, still open, after its text.
    try await tmux.press("p", "4", "4", "0", "Enter", "p", "4", "5", "0", "Enter", "q")
    let after = try await tmux.waitFor("EXITED:", seconds: Self.endingWait)
    #expect(after.contains("EXITED:0"))
    let written = try await SQLiteLibrary(path: library).progress(of: 1)
    let positions = written.entries.map { ($0.progress * 880).rounded() }
    #expect(positions == [440, 450])
  }
}
