import Foundation
import ReadingModel
import TestSupport
import Testing

/// Sessions logged by hand (issue 29): `session` with a length or clock times, pages read
/// or reached; progress moved only forward; `progress show` and `stats` count them; `undo`
/// and `session remove` take one back.
@Suite struct SessionCommandTests: LibraryCommandSuite {
  let home = TestHome()

  func sessions(_ book: String) async throws -> [[String: Any]] {
    try #require(try await json(["progress", "show", book])["sessions"] as? [[String: Any]])
  }

  @Test func aSessionWithPagesReadMovesTheReaderOnAndIsUndone() async throws {
    try await bookclub(["add", "Dune", "-a", "Frank Herbert", "--pages", "600"])
    try await bookclub(["progress", "set", "dune", "120"])
    let logged = try await bookclub(["session", "dune", "45m", "--pages", "30"])
    #expect(logged.stdout.hasPrefix("Logged 45m of “Dune”: "), "\(logged.stdout)")
    #expect(logged.stdout.contains(", 30 pages (40 an hour).\nNow at page 150 of 600"))
    let listed = try await sessions("dune")
    #expect(listed.count == 1)
    #expect(listed.first?["seconds"] as? Int == 2700)
    #expect(listed.first?["firstPage"] as? Int == 120 && listed.first?["lastPage"] as? Int == 150)
    #expect(listed.first?["pagesPerHour"] as? Double == 40)
    try await bookclub(["undo", "--force"])
    #expect(try await sessions("dune").isEmpty)
    let book = try #require(try await json(["show", "dune"])["book"] as? [String: Any])
    #expect(book["progress"] as? Double == 0.2)
    // Without <book>, the selected one; one word that reads as a time is the time.
    try await bookclub(["select", "dune"])
    let selected = try await bookclub(["session", "20m"])
    #expect(selected.stdout.hasPrefix("Logged 20m of “Dune”: "), "\(selected.stdout)")
    #expect(selected.stderr.contains("Using the selected book: Dune"))
    #expect(try await sessions("dune").count == 1)
  }

  /// A session of last week began where the reader was last week, not where they are now.
  @Test func aBackDatedSessionStartsWhereTheReaderWasThen() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    try await bookclub(["progress", "set", "emma", "100", "--at", "2024-05-01 20:00"])
    try await bookclub(["progress", "set", "emma", "300"])
    let logged = try await json([
      "session", "emma", "--from", "09:00", "--to", "10:00", "--on", "2024-05-02", "--to-page",
      "160",
    ])
    let session = try #require(logged["session"] as? [String: Any])
    #expect(session["firstPage"] as? Int == 100, "\(logged)")
    #expect(session["pages"] as? Int == 60)
    #expect(logged["progress"] is NSNull, "a newer position stands")
  }

  @Test func clockTimesAndTheirErrors() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    let logged = try await json([
      "session", "emma", "--from", "09:10", "--to", "10:00", "--on", "2024-05-12", "--to-page",
      "40",
    ])
    let session = try #require(logged["session"] as? [String: Any])
    #expect(session["start"] as? String == "2024-05-12T09:10:00.000Z", "\(logged)")
    #expect(session["seconds"] as? Int == 3000)
    // Across midnight.
    let late = try await json([
      "session", "emma", "--from", "23:30", "--to", "00:15", "--on", "2024-05-12",
    ])
    #expect((late["session"] as? [String: Any])?["seconds"] as? Int == 45 * 60)
    for (arguments, message) in [
      (["session", "emma"], "Missing expected argument '<time>'"),
      (["session", "emma", "25h"], "A session is at most a day"),
      (["session", "emma", "soon"], "Give how long you read"),
      (["session", "emma", "9999999999999999h"], "Give how long you read"),  // once an overflow
      (["session", "emma", "10m", "--to", "99:00"], "Give a time of day"),
      (["session", "emma", "10m", "--from", "9", "--to", "10:00"], "Give a time of day"),
      (["session", "emma", "10m", "--pages", "3", "--to-page", "9"], "not both"),
      (["session", "emma", "10m", "--to-page", "900"], "past the last page"),
    ] {
      let refused = try await run(arguments)
      #expect(refused.status != 0, "\(arguments)")
      #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
    }
    #expect(try await sessions("emma").count == 2)
    // 2024-05-12 was a Sunday: 50 minutes in its ninth hour; the late session runs 30
    // minutes into Sunday's last hour and 15 into Monday's first.
    let stats = try #require(
      try await json(["stats", "--year", "2024"])["sessions"] as? [String: Any])
    #expect(stats["count"] as? Int == 2 && stats["seconds"] as? Int == 95 * 60, "\(stats)")
    #expect(stats["secondsByWeekday"] as? [Int] == [900, 0, 0, 0, 0, 0, 3000 + 1800])
    let hours = try #require(stats["secondsByHour"] as? [Int])
    #expect(hours[9] == 3000 && hours[23] == 1800 && hours[0] == 900, "\(hours)")
    #expect(stats["pagesPerHour"] as? Double == 48, "\(stats)")  // 40 pages in 50 minutes
    let shown = try await bookclub(["stats", "--year", "2024"]).stdout
    #expect(shown.contains("\nRead: 1.6 hours in 2 sessions · 48 pages an hour\n"), "\(shown)")
    #expect(shown.contains("Minutes read by hour of the day"))
  }

  @Test func aSessionIsRemovedByItsIdAndReadNeedsATerminal() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    try await bookclub(["session", "emma", "30m"])
    let id = String((try await sessions("emma").first?["id"] as? String ?? "").prefix(8))
    let removed = try await bookclub(["session", "remove", id])
    #expect(removed.stdout.contains("'bookclub undo' puts it back"))
    #expect(try await sessions("emma").isEmpty)
    let timer = try await bookclub(["read", "emma"], status: 1)
    #expect(timer.stderr.contains("bookclub read times you at a terminal"), "\(timer.stderr)")
  }
}

/// `bookclub read` at a real terminal: the time shown while reading, Enter or Ctrl-C to
/// stop, the page asked, the session logged.
@Suite(.requires(.tmux))
struct ReadTimerTests: LibraryCommandSuite {
  let home = TestHome()

  /// A clock time `minutes` ago, in the tests' zone (UTC).
  func clock(minutesAgo minutes: Int) -> String {
    let time = LocalTime(Date().addingTimeInterval(-Double(minutes * 60)), in: .utc)
    return String(time.description.suffix(5))
  }

  func timer(_ arguments: [String]) async throws -> TmuxSession {
    try await TmuxSession(
      bookclub: ["read"] + arguments, home: home, library: library,
      pidFile: home.path("read.pid"))
  }

  @Test func enterStopsTheTimerAndThePageMovesTheReaderOn() async throws {
    try await bookclub(["add", "Dune", "-a", "Frank Herbert", "--pages", "600"])
    try await bookclub(["progress", "set", "dune", "120"])
    let session = try await timer(["dune", "--since", clock(minutesAgo: 5)])
    _ = try await session.waitFor("Enter stops the timer.")
    // From the minute --since names: 0:05 or, begun late in a minute on a busy machine, 0:06.
    _ = try await session.waitFor("  0:0")
    try await session.press("Enter")
    _ = try await session.waitFor("Page you reached (Enter to skip):")
    try await session.type("999")
    try await session.press("Enter")
    _ = try await session.waitFor("is not a page of this book (0 to 600)")
    try await session.type("150")
    try await session.press("Enter")
    let after = try await session.waitFor("EXITED:0")
    #expect(after.contains("Logged 5m of “Dune”") || after.contains("Logged 6m of “Dune”"))
    #expect(after.contains("Now at page 150 of 600"), "\(after)")
    let logged = try #require(
      try await json(["progress", "show", "dune"])["sessions"] as? [[String: Any]])
    #expect(logged.count == 1)
    #expect((300...420).contains(logged.first?["seconds"] as? Int ?? 0), "\(logged)")
    #expect(logged.first?["lastPage"] as? Int == 150)
  }

  @Test func ctrlCStopsTheTimerNotTheSession() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    let session = try await timer(["emma", "--since", clock(minutesAgo: 3)])
    _ = try await session.waitFor("  0:0")  // the timer runs: 0:03, or 0:04 begun late
    let pid = try #require(try TmuxSession.processID(in: home.path("read.pid")))
    #expect(kill(pid, SIGINT) == 0)
    _ = try await session.waitFor("Page you reached (Enter to skip):")
    #expect(kill(pid, SIGINT) == 0)  // skips the page; the session is still logged
    let after = try await session.waitFor("EXITED:0")
    #expect(after.contains("Logged 3m of “Emma”") || after.contains("Logged 4m of “Emma”"))
    let logged = try #require(
      try await json(["progress", "show", "emma"])["sessions"] as? [[String: Any]])
    #expect(logged.count == 1 && logged.first?["lastPage"] is NSNull, "\(logged)")
  }
}
