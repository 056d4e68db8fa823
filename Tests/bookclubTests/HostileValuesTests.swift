import CSQLite
import Foundation
import ReadingModel
import Testing

/// Values bookclub did not write, end to end: a library edited by another program past
/// every bound its numbers have, the reader's time zone, settings files from other editors,
/// blank names, statuses bookclub does not know, and tags that need quoting in a shell.
@Suite struct HostileValuesTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String], _ environment: [String: String] = [:]) async throws
    -> BookclubProcess.Result
  {
    try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library].merging(environment) { $1 })
  }

  /// Runs SQL with SQLite directly, as another program would; checks are off, as a program
  /// that does not know them would leave them.
  func sql(_ text: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(library, &handle) == SQLITE_OK else { throw Failure() }
    defer { sqlite3_close(handle) }
    let statements = "PRAGMA ignore_check_constraints = ON; " + text
    guard sqlite3_exec(handle, statements, nil, nil, nil) == SQLITE_OK else { throw Failure() }
  }

  struct Failure: Error {}

  /// Two books read to the end on one day and one half read, each with a page count, and a
  /// goal for their year.
  func makeLibrary() async throws {
    for (title, author) in [("Emma", "Jane Austen"), ("Dune", "Frank Herbert"), ("Kim", "Kipling")]
    {
      #expect(try await run(["add", title, "-a", author, "--pages", "300"]).status == 0)
    }
    for book in ["1", "2"] {
      #expect(try await run(["progress", "set", book, "done", "--at", "2024-06-02"]).status == 0)
    }
    #expect(try await run(["progress", "set", "3", "50%", "--at", "2024-06-01"]).status == 0)
    #expect(try await run(["progress", "set", "3", "60%", "--at", "2024-06-03"]).status == 0)
    #expect(try await run(["rate", "1", "4"]).status == 0)
    #expect(try await run(["goal", "set", "2024", "2", "--pages", "500"]).status == 0)
  }

  static let readingCommands = [
    ["show", "1"], ["show", "1", "--json"], ["show", "3"], ["show", "3", "--json"], ["status"],
    ["status", "--json"], ["status", "3"], ["status", "3", "--json"], ["stats"],
    ["stats", "--all-time"], ["stats", "--year", "2024"], ["stats", "--all-time", "--json"],
    ["list"], ["list", "--json"], ["list", "--sort", "rating"], ["export"],
    ["export", "--format", "goodreads"], ["export", "--format", "storygraph"],
    ["progress", "show", "3"], ["progress", "show", "3", "--json"], ["goal", "2024"],
    ["goal", "2024", "--json"],
  ]

  /// Every command that reads the library exits 0 on it, with the values it shows sane.
  func expectEveryCommandReads(_ label: String) async throws {
    for arguments in Self.readingCommands {
      let result = try await run(arguments)
      #expect(
        result.status == 0, "\(label): \(arguments) exited \(result.status): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal error"), "\(label): \(arguments)")
      #expect(!result.stdout.contains("inf") && !result.stdout.contains("nan"), "\(label)")
    }
  }

  @Test(arguments: [
    ("the largest page count", "UPDATE books SET page_count = 9223372036854775807"),
    ("2^62 pages", "UPDATE books SET page_count = 4611686018427387904"),
    ("a progress of 1e308", "UPDATE progress_entries SET progress = 1e308"),
    ("infinite progress", "UPDATE progress_entries SET progress = 9e999"),
    ("minus infinite progress", "UPDATE progress_entries SET progress = -9e999"),
    (
      "times at the ends of 64 bits",
      """
      UPDATE books SET added_ms = 9223372036854775807, updated_ms = -9223372036854775808;
      UPDATE progress_entries SET time_ms = 9223372036854775807 WHERE book_id = 3;
      """
    ),
    (
      "ratings, counts and years past their bounds",
      """
      UPDATE books SET rating = 1e308;
      UPDATE book_details SET rating = 9e999, read_count = 9223372036854775807,
        publication_year = -9223372036854775808, edition_year = 9223372036854775807;
      """
    ),
    (
      "a goal past every bound",
      "INSERT INTO reading_goals (year, books, pages) VALUES (2023, 9223372036854775807, "
        + "9223372036854775807), (9223372036854775807, 1, NULL)"
    ),
  ])
  func everyCommandReadsALibraryPastItsBounds(_ label: String, _ edit: String) async throws {
    try await makeLibrary()
    try sql(edit)
    try await expectEveryCommandReads(label)
  }

  @Test func aGoalPastItsLimitsIsHeldAtThem() async throws {
    try await makeLibrary()
    // This year (in UTC, as the runs are): the year whose goal reads the clock.
    let year = CalendarDay(utc: Date()).year
    #expect(try await run(["goal", "set", String(year), "2", "--pages", "500"]).status == 0)
    try sql(
      "UPDATE reading_goals SET books = 9223372036854775807, pages = 9223372036854775807; "
        + "INSERT INTO reading_goals (year, books, pages) VALUES (-9223372036854775808, 1, NULL)")
    for arguments in [["goal", String(year)], ["goal", String(year), "--json"], ["stats"]] {
      let result = try await run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let json = try await run(["goal", String(year), "--json"])
    #expect(json.stdout.contains(#""books":100000"#), "\(json.stdout)")
  }

  @Test func hugePageCountsAreUnknownAndStatsAddOnlyRealOnes() async throws {
    try await makeLibrary()
    try sql("UPDATE books SET page_count = 4611686018427387904 WHERE id IN (1, 2)")
    let stats = try await run(["stats", "--year", "2024", "--json"])
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(stats.stdout.contains(#""booksFinished":2"#), "\(stats.stdout)")
    #expect(stats.stdout.contains(#""pagesFinished":0"#), "\(stats.stdout)")
    let shown = try await run(["show", "1", "--json"])
    #expect(shown.stdout.contains(#""pageCount":null"#), "\(shown.stdout)")
  }

  @Test func aBookAddedAtTheEndOfTimeIsRemovedAndRestored() async throws {
    try await makeLibrary()
    try sql("UPDATE books SET added_ms = 9223372036854775807 WHERE id = 2")
    #expect(try await run(["remove", "2", "--force"]).status == 0)
    let restored = try await run(["restore", "2"])
    #expect(restored.status == 0, "\(restored.stderr)")
    let shown = try await run(["show", "2", "--json"])
    #expect(shown.stdout.contains(#""added":"9999-12-31T23:59:59.999Z""#), "\(shown.stdout)")
    // What an export writes, an import reads back.
    let export = try await run(["export"])
    try export.stdout.write(toFile: home.path("all.json"), atomically: false, encoding: .utf8)
    let other = home.path("other.sqlite")
    let imported = try await run(["import", home.path("all.json")], ["BOOKCLUB_LIBRARY": other])
    #expect(imported.status == 0, "\(imported.stderr)")
  }

  // MARK: Time zones

  @Test func timesAreReadAndShownOnTheReadersClock() async throws {
    let losAngeles = ["TZ": "America/Los_Angeles"]
    #expect(try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "300"]).status == 0)
    let set = try await run(["progress", "set", "1", "50", "--at", "2024-06-30 21:30"], losAngeles)
    #expect(set.status == 0, "\(set.stderr)")
    let json = try await run(["progress", "show", "1", "--json"], losAngeles)
    #expect(json.stdout.contains("2024-07-01T04:30:00.000Z"), "\(json.stdout)")
    let shown = try await run(["progress", "show", "1"], losAngeles)
    #expect(shown.stdout.contains("2024-06-30 21:30"), "\(shown.stdout)")
    // The same instant elsewhere, and with the zone given as a POSIX rule.
    let tokyo = try await run(["progress", "show", "1"], ["TZ": "Asia/Tokyo"])
    #expect(tokyo.stdout.contains("2024-07-01 13:30"), "\(tokyo.stdout)")
    let rule = try await run(["progress", "show", "1"], ["TZ": "PST8PDT,M3.2.0,M11.1.0"])
    #expect(rule.stdout.contains("2024-06-30 21:30"), "\(rule.stdout)")
    // The day it counts on in stats is the reader's day.
    let days = try await run(["stats", "--all-time", "--json"], losAngeles)
    #expect(days.stdout.contains(#"{"day":"2024-06-30","pages":50,"seconds":0}"#), "\(days.stdout)")
    let utcDays = try await run(["stats", "--all-time", "--json"], ["TZ": "UTC"])
    #expect(
      utcDays.stdout.contains(#"{"day":"2024-07-01","pages":50,"seconds":0}"#), "\(utcDays.stdout)")
  }

  @Test func aYearStartsAtTheReadersMidnight() async throws {
    let losAngeles = ["TZ": "America/Los_Angeles"]
    #expect(try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "300"]).status == 0)
    // 2025-01-01 05:30 UTC: still New Year's Eve in Los Angeles.
    let set = try await run(["progress", "set", "1", "30", "--at", "2024-12-31 21:30"], losAngeles)
    #expect(set.status == 0, "\(set.stderr)")
    let inLA = try await run(["stats", "--year", "2024", "--json"], losAngeles)
    #expect(inLA.stdout.contains(#"{"day":"2024-12-31","pages":30,"seconds":0}"#), "\(inLA.stdout)")
    let inUTC = try await run(["stats", "--year", "2024", "--json"], ["TZ": "UTC"])
    #expect(!inUTC.stdout.contains(#""pages":30"#), "\(inUTC.stdout)")
  }

  // MARK: Settings, names, statuses, completion

  func writeSettings(_ bytes: [UInt8]) throws {
    let folder = home.path("config/bookclub")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/settings.json"))
  }

  @Test func settingsWithAByteOrderMarkAreReadAndANulIsPlaced() async throws {
    try writeSettings([0xEF, 0xBB, 0xBF] + Array("{\n  \"pageSize\": 7\n}\n".utf8))
    let bom = try await run(["settings", "get", "pageSize"])
    #expect(bom.status == 0, "\(bom.stderr)")
    #expect(bom.stdout == "7\n")
    try writeSettings(Array("{\n  \"pageSize\": 7\n}\n".utf8) + [0])
    let nul = try await run(["settings", "get", "pageSize"])
    #expect(nul.status == 1)
    #expect(nul.stderr.contains("at line 4, column 1"), "\(nul.stderr)")
    #expect(!nul.stderr.contains("line 0"), "\(nul.stderr)")
  }

  @Test func aTitleOrAuthorWithNothingToSeeIsAUsageError() async throws {
    for arguments in [
      ["add", "\u{1}\u{2}", "-a", "Jane Austen"], ["add", " \u{7F}\u{200B} ", "-a", "Jane Austen"],
      ["add", "Emma", "-a", "\u{1B}"],
    ] {
      let result = try await run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }
    #expect(try await run(["add", "Emma", "-a", "Jane Austen"]).status == 0)
    for arguments in [["edit", "1", "--title", "\u{1}"], ["edit", "1", "--author", "\u{7F}"]] {
      let result = try await run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }
    let list = try await run(["list", "--json"])
    #expect(list.stdout.contains(#""title":"Emma""#) && !list.stdout.contains(#""id":2"#))
  }

  @Test func checkReportsAStatusBookclubDoesNotKnowAndStatusSetsOne() async throws {
    try await makeLibrary()
    try sql("UPDATE books SET status = 'lent-out' WHERE id = 3")
    for arguments in [["show", "3"], ["status"], ["list", "--json"], ["stats"]] {
      #expect(try await run(arguments).status == 0, "\(arguments)")
    }
    let check = try await run(["check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("book 3 has the status 'lent-out'"), "\(check.stdout)")
    #expect(check.stdout.contains("bookclub status 3 <status>"), "\(check.stdout)")
    // No damage: repair has nothing to do, and keeps no backup.
    let repair = try await run(["repair"])
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(repair.stdout.contains("is sound; nothing to repair"), "\(repair.stdout)")
    let beside = try FileManager.default.contentsOfDirectory(atPath: home.url.path)
    #expect(!beside.contains { $0.contains(".damaged-") }, "\(beside)")
    #expect(try await run(["status", "3", "reading"]).status == 0)
    let after = try await run(["check"])
    #expect(after.status == 0, "\(after.stdout)")
  }

  @Test func aTagIsCompletedAsItsExactTextQuotedByTheShell() async throws {
    let tag = "it's \"odd\" $x"
    #expect(try await run(["add", "Emma", "-a", "Jane Austen"]).status == 0)
    #expect(try await run(["tag", "1", tag]).status == 0)
    // A tag with an escape sequence is never a word the shell prints raw.
    #expect(try await run(["tag", "1", "it\u{1B}[31m red"]).status == 0)
    let answer = try await run(["__complete", "untag", "1", "it"])
    #expect(answer.stdout.hasPrefix(tag + "\t"), "\(answer.stdout.debugDescription)")
    #expect(!answer.stdout.contains("\u{1B}"), "\(answer.stdout.debugDescription)")
    // bash quotes the word as it inserts it; read back, it is the tag.
    let script = home.path("completion.bash")
    let generated = try await run(["--generate-completion-script", "bash"])
    try generated.stdout.write(toFile: script, atomically: false, encoding: .utf8)
    let words = [BookclubProcess.executable.path, "untag", "1", "it"].map(ShellWord.quote)
    let command =
      "source '\(script)'; COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=3; "
      + "_bookclub; eval \"set -- ${COMPREPLY[0]}\"; printf '%s' \"$1\""
    let bash = try await home.bookclub.run(
      executable: URL(fileURLWithPath: "/bin/bash"), ["-c", command],
      extraEnvironment: ["BOOKCLUB_LIBRARY": library])
    #expect(bash.stdout == tag, "\(bash.stdout.debugDescription) \(bash.stderr)")
  }
}
