import Foundation
import ReadingModel
import TestSupport
import Testing

/// Device files from strangers' backups (issue 29): a highlight of 10 MB, escape sequences
/// in a title and a highlight, a database another program holds locked or whose newest rows
/// are still in its write-ahead log, a damaged database, page turns past the book's end.
/// Each gets a clear message and changes nothing it should not; nothing reaches the
/// terminal raw; the device's files are never written.
@Suite struct HostileDeviceFileTests: LibraryCommandSuite {
  let home = TestHome()

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test func aTenMegabyteHighlightIsNotKeptAndEscapesAreShownEscaped() async throws {
    let huge = String(repeating: "spice ", count: 1_750_000)
    let clippings =
      "Dune\u{1B}]0;owned\u{07} (Herbert, Frank)\r\n"
      + "- Your Highlight on page 3 | Location 40-41 | Added on Tuesday, March 4, 2025 9:15:02 PM\r\n"
      + "\r\n" + "Clear \u{1B}[2Jthe screen\r\n" + "==========\r\n"
      + "Dune\u{1B}]0;owned\u{07} (Herbert, Frank)\r\n"
      + "- Your Highlight on page 9 | Location 90-99 | Added on Tuesday, March 4, 2025 9:20:00 PM\r\n"
      + "\r\n" + huge + "\r\n" + "==========\r\n"
    let kindle = try DeviceFixtures.kindle(in: home.url.path, clippings: clippings)
    let ingested = try await bookclub(["ingest", kindle])
    #expect(ingested.stderr.contains("1 highlight added."), "\(ingested.stderr)")
    #expect(ingested.stderr.contains("not kept"), "\(ingested.stderr)")
    #expect(ingested.stderr.contains("at most \(Highlight.longestText) characters"))
    #expect(ingested.stderr.count < 10_000, "the highlight is not echoed whole")
    let listed = try await bookclub(["highlights"])
    let shown = try await bookclub(["list"])
    for output in [ingested.stdout, ingested.stderr, listed.stdout, shown.stdout] {
      #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "\(output.prefix(400))")
    }
    #expect(listed.stdout.contains("the screen"), "\(listed.stdout)")
    #expect(!listed.stdout.contains("spice spice"))
    // The 10 MB are nowhere in the library.
    let size = try FileManager.default.attributesOfItem(atPath: library)[.size] as? Int ?? 0
    #expect(size < 2_000_000, "\(size)")
  }

  @Test func aDatabaseHeldLockedIsReadWithoutWaitingAndNotWritten() async throws {
    let statistics = home.path("statistics.sqlite3")
    try DeviceFixtures.koreaderStatistics(at: statistics)
    let held = try HeldDatabase(statistics)
    // KOReader in the middle of a write: the lock held, a book not yet committed.
    try held.run(
      "BEGIN EXCLUSIVE; INSERT INTO book (id, title, authors, md5) "
        + "VALUES (9, 'Uncommitted', 'Nobody', 'ffff');")
    let before = try bytes(statistics)
    let ingested = try await json(["ingest", statistics])
    #expect(ingested["added"] as? Int == 2, "\(ingested)")
    #expect(ingested["sessionsAdded"] as? Int == 3, "\(ingested)")
    #expect(try bytes(statistics) == before)
    #expect(try await bookclub(["list"]).stdout.contains("Uncommitted") == false)
    try held.run("ROLLBACK;")
  }

  @Test func rowsStillInTheWriteAheadLogAreReadFromACopy() async throws {
    let statistics = home.path("statistics.sqlite3")
    try DeviceFixtures.koreaderStatistics(at: statistics)
    let held = try HeldDatabase(statistics)
    try held.run("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
    let start = DeviceFixtures.firstSessionStart + 10 * 86_400
    let turns = (1...10).map { "(3, \($0), \(start + Int64($0) * 60), 60, 400)" }
    try held.run(
      "INSERT INTO book (id, title, authors, pages, md5) "
        + "VALUES (3, 'Emma', 'Jane Austen', 400, 'e1e2e3e4');"
        + "INSERT INTO page_stat_data VALUES \(turns.joined(separator: ","));")
    let files = try FileManager.default.contentsOfDirectory(atPath: home.url.path).sorted()
    let (database, log) = (try bytes(statistics), try bytes(statistics + "-wal"))
    #expect(log.count > 0)
    let ingested = try await json(["ingest", statistics])
    #expect(ingested["added"] as? Int == 3, "\(ingested)")
    let emma = try await bookclub(["progress", "show", "emma"]).stdout
    #expect(emma.contains("10m"), "\(emma)")
    #expect(try bytes(statistics) == database && bytes(statistics + "-wal") == log)
    let after = try FileManager.default.contentsOfDirectory(atPath: home.url.path).sorted()
    #expect(
      after.filter { $0.hasPrefix("statistics") } == files.filter { $0.hasPrefix("statistics") })
  }

  @Test func aDamagedDatabaseIsNamedAndChangesNothing() async throws {
    try await bookclub(["add", "Dune", "-a", "Frank Herbert"])
    let whole = home.path("whole.sqlite3")
    try DeviceFixtures.koreaderStatistics(at: whole)
    let statistics = home.path("statistics.sqlite3")
    var damaged = try bytes(whole)
    damaged.replaceSubrange(
      100..<min(damaged.count, 4096), with: Data(repeating: 0xEE, count: 3996))
    try damaged.write(to: URL(fileURLWithPath: statistics))
    let before = try bytes(library)
    let refused = try await bookclub(["ingest", statistics], status: 1)
    #expect(refused.stderr.contains(statistics), "\(refused.stderr)")
    #expect(refused.stderr.contains("damaged") || refused.stderr.contains("malformed"))
    #expect(try bytes(library) == before)
  }

  @Test func pageTurnsPastTheBooksEndKeepTheSessionButMoveNoOneThere() async throws {
    let statistics = home.path("statistics.sqlite3")
    let start = DeviceFixtures.firstSessionStart
    try DeviceFixtures.makeDatabase(
      statistics,
      """
      CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text,
        notes integer, last_open integer, highlights integer, pages integer, series text,
        language text, md5 text, total_read_time integer, total_read_pages integer);
      CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
        start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
        total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time));
      INSERT INTO book (id, title, authors, pages, md5) VALUES (1, 'Short', 'Writer', 50, 'ab');
      INSERT INTO page_stat_data VALUES (1, 10, \(start), 60, 50), (1, 11, \(start + 60), 60, 50),
        (1, 900, \(start + 120), 60, 50), (1, 2000000, \(start + 180), 60, 50);
      """)
    let ingested = try await json(["ingest", statistics])
    #expect(ingested["sessionsAdded"] as? Int == 1, "\(ingested)")
    let book = try #require(try await json(["show", "short"])["book"] as? [String: Any])
    #expect(book["progress"] as? Double == 0.22, "\(book)")
  }
}
