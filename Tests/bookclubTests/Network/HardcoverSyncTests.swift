import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `bookclub hardcover pull|push` against the stand-in for Hardcover's API (issue 30): both
/// sides changed and brought equal, conflicts listed, a push stopped by Ctrl-C and resumed
/// sending each change once, and answers that are broken, huge, busy or about books of
/// another user's.
@Suite(.requires(.python3))
struct HardcoverSyncTests: LibraryCommandSuite {
  let home = TestHome()
  let server: FixtureServer
  let standin: HardcoverStandin

  init() async throws {
    server = try await FixtureServer()
    standin = HardcoverStandin(server: server)
  }

  /// Runs bookclub against the stand-in, logged in, at a rate no test waits for.
  @discardableResult
  func hardcover(
    _ arguments: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> BookclubProcess.Result {
    let result = try await home.bookclub.run(arguments, extraEnvironment: environment)
    #expect(
      result.status == status, "\(arguments): \(result.stdout) \(result.stderr)",
      sourceLocation: sourceLocation)
    return result
  }

  var environment: [String: String] {
    [
      "BOOKCLUB_LIBRARY": library, "BOOKCLUB_HARDCOVER_URL": standin.graphQL,
      "BOOKCLUB_HARDCOVER_RATE": "100000",
      // A loaded machine answers slowly: no request of these tests is about the deadline.
      "BOOKCLUB_NETWORK_TIMEOUT": "120",
    ]
  }

  func logIn() async throws {
    let token = home.path("token")
    try "hc-test-token-5f1e\n".write(toFile: token, atomically: false, encoding: .utf8)
    chmod(token, 0o600)
    try await hardcover(["hardcover", "login", "--token-file", token])
  }

  /// Two books in the account (one read, one being read at page 80) and a third in the
  /// catalogue only.
  func seedAccount() throws {
    let orchard = HardcoverStandin.book(
      101, "The Orchard Cycle", by: "Mara Quill", pages: 320, isbn: HardcoverStandin.isbn(1))
    let salt = HardcoverStandin.book(
      102, "Salt and Signal", by: "Tobias Fenn", pages: 210, isbn: nil)
    let lantern = HardcoverStandin.book(
      103, "A Lantern Year", by: "Ines Varga", pages: 400, isbn: HardcoverStandin.isbn(3))
    try standin.set([
      "books": ["101": orchard.book, "102": salt.book, "103": lantern.book],
      "editions": ["100101": orchard.edition, "100102": salt.edition, "100103": lantern.edition],
      "user_books": [
        "1": [
          "id": 1, "user_id": 7, "book_id": 101, "edition_id": 100101, "status_id": 3,
          "rating": 4.5, "date_added": "2024-02-01", "review_raw": "Loved it",
        ],
        "2": [
          "id": 2, "user_id": 7, "book_id": 102, "edition_id": NSNull(), "status_id": 2,
          "rating": NSNull(), "date_added": "2024-03-01",
        ],
      ],
      "reads": [
        "11": [
          "id": 11, "user_book_id": 1, "started_at": "2024-02-02", "finished_at": "2024-02-20",
          "progress_pages": 320,
        ],
        "12": [
          "id": 12, "user_book_id": 2, "started_at": "2024-03-02", "finished_at": NSNull(),
          "progress_pages": 80,
        ],
      ],
    ])
  }

  func book(_ id: Int) async throws -> [String: Any] {
    let result = try await hardcover(["show", String(id), "--json"])
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
  }

  @Test func bothSidesChangedComeToTheSameValuesWithConflictsListed() async throws {
    try seedAccount()
    try await logIn()
    // Pull into an empty library: every book, its readings and where the reader is.
    let dry = try await hardcover(["hardcover", "pull", "--dry-run"])
    #expect(
      dry.stderr.contains("2 added") && dry.stderr.contains("Nothing was changed"), "\(dry.stderr)")
    let first = try await hardcover(["hardcover", "pull"])
    #expect(first.stderr.contains("2 added"), "\(first.stderr)")
    #expect(first.stderr.contains("#2 Salt and Signal: page 80"), "\(first.stderr)")
    let again = try await hardcover(["hardcover", "pull"])
    #expect(again.stderr.contains("0 added, 0 updated, 2 unchanged"), "\(again.stderr)")
    // Changes here: a rating given a book Hardcover has none for, a conflict in another, a
    // new book Hardcover finds by ISBN, and one it has not.
    try await hardcover([
      "add", "A Lantern Year", "-a", "Ines Varga", "--pages", "400", "--isbn",
      HardcoverStandin.isbn(3), "--status", "reading", "--offline",
    ])
    try await hardcover(["add", "Nowhere Book", "-a", "Nobody Known", "--offline"])
    try await hardcover(["progress", "set", "3", "120"])
    try await hardcover(["rate", "2", "4.25"])
    try await hardcover(["rate", "1", "5"])
    // Changes there: the book being read finished, and the other's rating changed.
    var books = standin.userBooks
    books["2"]?["status_id"] = 3
    books["1"]?["rating"] = 3.0
    var reads = standin.reads
    reads["12"]?["finished_at"] = "2024-04-01"
    try standin.set(["user_books": books, "reads": reads])

    let push = try await hardcover(["hardcover", "push"])
    #expect(push.stderr.contains("Pushed to Hardcover: 1 added, 1 updated"), "\(push.stderr)")
    #expect(push.stderr.contains("#2 Salt and Signal: rating (none) → 4.5"), "\(push.stderr)")
    #expect(push.stderr.contains("1 book: rating 4.25 sent as 4.5 (Hardcover has half stars)"))
    #expect(
      push.stderr.contains("#1 The Orchard Cycle: rating: yours 5, Hardcover 3"), "\(push.stderr)")
    #expect(push.stderr.contains("#4 Nowhere Book: no ISBN and no Hardcover id"))
    // The finish made there is not sent back as "reading": it is Hardcover's change.
    #expect(push.stderr.contains("#2 Salt and Signal: status, readings"), "\(push.stderr)")
    let added = try #require(standin.userBooks.values.first { $0["book_id"] as? Int == 103 })
    #expect(added["status_id"] as? Int == 2)
    let addedRead = standin.reads.values.first { $0["user_book_id"] as? Int == added["id"] as? Int }
    #expect(addedRead?["progress_pages"] as? Int == 120)
    #expect(standin.userBooks["2"]?["rating"] as? Double == 4.5)
    #expect(standin.userBooks["2"]?["status_id"] as? Int == 3, "a push never undoes a change there")

    let pull = try await hardcover(["hardcover", "pull"])
    #expect(pull.stderr.contains("status: reading → finished"), "\(pull.stderr)")
    #expect(pull.stderr.contains("rating: yours 5, Hardcover 3, was 4.5"), "\(pull.stderr)")
    let salt = try await book(2)
    #expect((salt["book"] as? [String: Any])?["status"] as? String == "finished")
    #expect(
      (salt["details"] as? [String: Any])?["rating"] as? Double == 4.25,
      "Hardcover's half star does not overwrite yours")
    // The conflict is settled by sending ours; then both sides hold the same everywhere.
    try await hardcover(["hardcover", "push", "--yours"])
    #expect(standin.userBooks["1"]?["rating"] as? Double == 5)
    let settled = try await hardcover(["hardcover", "push"])
    #expect(settled.stderr.contains("0 added, 0 updated, 3 already the same"), "\(settled.stderr)")
    #expect(
      !settled.stderr.contains("Conflicts") && !settled.stderr.contains("Changed on Hardcover"))
    let quiet = try await hardcover(["hardcover", "pull"])
    #expect(quiet.stderr.contains("0 added, 0 updated, 3 unchanged"), "\(quiet.stderr)")
    // Finishing the book being read here finishes Hardcover's read in place: no read is
    // left going on there, and a pull brings no reading back.
    try await hardcover(["status", "3", "finished"])
    let finish = try await hardcover(["hardcover", "push"])
    #expect(finish.stderr.contains("0 added, 1 updated"), "\(finish.stderr)")
    let lantern = try #require(standin.userBooks.values.first { $0["book_id"] as? Int == 103 })
    let lanternReads = standin.reads.values.filter {
      $0["user_book_id"] as? Int == lantern["id"] as? Int
    }
    #expect(
      lanternReads.count == 1 && lanternReads.first?["finished_at"] is String, "\(lanternReads)")
    let after = try await hardcover(["hardcover", "pull"])
    #expect(after.stderr.contains("0 added, 0 updated, 3 unchanged"), "\(after.stderr)")
    // The push's record is one change, undone whole.
    let undo = try await hardcover(["undo", "--force"])
    #expect(
      undo.stderr.contains("the push of 1 book to Hardcover"), "\(undo.stdout) \(undo.stderr)")
  }

  @Test func aPushOf500BooksStoppedByCtrlCAndResumedSendsEachChangeOnce() async throws {
    var catalogue: [String: Any] = [:]
    var editions: [String: Any] = [:]
    var rows = [GoodreadsFixture.header]
    for number in 1...500 {
      let entry = HardcoverStandin.book(
        1000 + number, "Title \(number)", by: "Author \(number % 9)", pages: 200,
        isbn: HardcoverStandin.isbn(number))
      catalogue[String(1000 + number)] = entry.book
      editions[String(101_000 + number)] = entry.edition
      // Every other book read, on a day of its own: a reading to send.
      let read = number % 2 == 0
      let day = read ? "2024/05/\(String(format: "%02d", number % 28 + 1))" : ""
      rows.append(
        "\(number),Title \(number),Author \(number % 9),,,=\"\(HardcoverStandin.isbn(number))\","
          + "\(number % 5 + 1),200,\(day),2024/01/01,,\(read ? "read" : "to-read"),\(read ? 1 : 0)")
    }
    try standin.set(["books": catalogue, "editions": editions])
    let file = home.path("goodreads.csv")
    try rows.joined(separator: "\n").write(toFile: file, atomically: false, encoding: .utf8)
    try await hardcover(["import", file])
    try await logIn()
    try standin.knobs(["delay": 0.2])
    // In a process group of its own, so that Ctrl-C reaches it and its helper as a
    // terminal's does: the whole foreground group.
    let push = Process()
    push.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    push.arguments = [BookclubProcess.executable.path, "hardcover", "push"]
    push.environment = home.bookclub.environment.merging(environment) { $1 }
    push.standardInput = FileHandle.nullDevice
    push.standardOutput = FileHandle.nullDevice
    push.standardError = FileHandle.nullDevice
    try push.run()
    // Looked at now and then: each look is a program of its own.
    try await Wait.until("some books sent", interval: .milliseconds(250)) {
      standin.mutations.filter { $0 == "insert_user_book" }.count >= 30
    }
    let group = getpgid(push.processIdentifier)
    #expect(group == push.processIdentifier, "setsid made the push a group of its own")
    kill(-group, SIGINT)
    push.waitUntilExit()
    #expect(push.terminationStatus == 130)
    let sentBefore = standin.userBooks.count
    #expect(sentBefore >= 30 && sentBefore < 500, "\(sentBefore) sent before Ctrl-C")
    try standin.knobs(["delay": 0])
    let resumed = try await hardcover(["hardcover", "push"])
    #expect(resumed.stderr.contains("\(500 - sentBefore) added"), "\(resumed.stderr)")
    let books = standin.userBooks.values
    #expect(books.count == 500)
    #expect(Set(books.compactMap { $0["book_id"] as? Int }).count == 500, "a book twice")
    let mutations = standin.mutations
    #expect(mutations.filter { $0 == "insert_user_book" }.count == 500, "each book added once")
    #expect(mutations.filter { $0 == "insert_user_book_read" }.count == 250, "each reading once")
    #expect(!mutations.contains("update_user_book"))
    let nothing = try await hardcover(["hardcover", "push"])
    #expect(
      nothing.stderr.contains("0 added, 0 updated, 500 already the same"), "\(nothing.stderr)")
  }

  @Test func aPositionMovedOnBothSidesIsKeptHereAndListed() async throws {
    try seedAccount()
    try await logIn()
    try await hardcover(["hardcover", "pull"])
    try await hardcover(["progress", "set", "2", "100"])
    var reads = standin.reads
    reads["12"]?["progress_pages"] = 120
    try standin.set(["reads": reads])
    let pull = try await hardcover(["hardcover", "pull"])
    let kept = "not taken: yours page 100, Hardcover page 120 (both moved since the last sync)"
    #expect(pull.stderr.contains(kept), "\(pull.stderr)")
    let progress = (try await book(2)["book"] as? [String: Any])?["progress"] as? Double
    #expect(progress.map { ($0 * 210).rounded() } == 100)
    // Nor does a push send the older page over Hardcover's: both moved.
    let push = try await hardcover(["hardcover", "push"])
    #expect(push.stderr.contains("progress: yours page 100, Hardcover page 120"), "\(push.stderr)")
    #expect(standin.reads["12"]?["progress_pages"] as? Int == 120)
    // Hardcover moves on again while this side stays: the pull takes it.
    reads["12"]?["progress_pages"] = 150
    try standin.set(["reads": reads])
    try await hardcover(["progress", "set", "2", "80"])
    let taken = try await hardcover(["hardcover", "pull"])
    #expect(taken.stderr.contains("#2 Salt and Signal: page 150"), "\(taken.stderr)")
  }

  @Test func brokenHugeBusyAndStrangersAnswersChangeNothingOrAreSaid() async throws {
    try seedAccount()
    try await logIn()
    try standin.knobs(["malformed": true])
    let broken = try await hardcover(["hardcover", "pull"], status: 1)
    #expect(
      broken.stderr.contains("Hardcover's answer was not what bookclub expects"), "\(broken.stderr)"
    )
    try standin.knobs(["malformed": false, "huge": 11_000_000])
    let huge = try await hardcover(["hardcover", "pull"], status: 1)
    #expect(huge.stderr.contains("Error:"), "\(huge.stderr)")
    let empty = try await hardcover(["list", "--json"])
    #expect(
      empty.stdout.contains("\"books\":[]") || empty.stdout.contains("\"total\":0"),
      "\(empty.stdout)")
    // Busy twice, then an answer; a book of another user's is left out and said.
    try standin.knobs(["huge": 0, "busy": 2, "stranger": true])
    let busy = try await hardcover(["hardcover", "pull"])
    #expect(busy.stderr.contains("2 added"), "\(busy.stderr)")
    #expect(busy.stderr.contains("Hardcover gave a book of another user's (8)"), "\(busy.stderr)")
    // Not logged in: said, with what to do.
    try await hardcover(["hardcover", "logout"])
    let out = try await hardcover(["hardcover", "push"], status: 1)
    #expect(out.stderr.contains("bookclub hardcover login"), "\(out.stderr)")
  }
}
