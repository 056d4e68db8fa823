import Foundation
import Testing

/// A week of daily use, one test per problem a new user met (issue 10's list), run through
/// the real binary.
@Suite struct EverydayUseTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  @discardableResult
  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      arguments,
      extraEnvironment: ["BOOKCLUB_LIBRARY": library, "BOOKCLUB_SCENE": "a", "TZ": "UTC"])
  }

  func json(_ arguments: [String]) async throws -> [String: Any] {
    let result = try await run(arguments + ["--json"])
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  func entries(_ book: String) async throws -> [[String: Any]] {
    try #require(try await json(["progress", "show", book])["entries"] as? [[String: Any]])
  }

  // MARK: No mistake can be fixed

  @Test func aBookCanBeEditedAndItsHistorySaysSo() async throws {
    try await run(["add", "Middlemarch", "-a", "George Elliot"])
    let edited = try await run([
      "edit", "1", "--author", "George Eliot", "--pages", "880", "--isbn", "978-0-14-143954-9",
      "--original-year", "1871",
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(edited.stdout.contains("authors: George Elliot → George Eliot"))
    #expect(edited.stdout.contains("pages: (empty) → 880"))
    let again = try await run(["edit", "1", "--pages", "880"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("Nothing changed"))
    let bad = try await run(["edit", "1", "--pages", "-3"])
    #expect(bad.status == 64)
    // The page count given late makes pages usable.
    #expect(
      try await run(["progress", "set", "1", "88"]).stdout.hasPrefix("Middlemarch · page 88"))
    let shown = try await run(["show", "1"])
    #expect(shown.stdout.contains("  edit     authors: George Elliot → George Eliot; "))
  }

  @Test func aRemovedBookWaitsInTheTrashAndComesBackWhole() async throws {
    try await run(["add", "Moby-Dick", "-a", "Herman Melville", "--pages", "720"])
    try await run(["progress", "set", "1", "72", "--note", "Call me Ishmael."])
    let refused = try await run(["remove", "1"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--force"))
    let removed = try await run(["remove", "moby", "--force"])
    #expect(removed.status == 0)
    #expect(removed.stderr.contains("Moved “Moby-Dick” and its 1 entry to the trash"))
    #expect(try await run(["show", "1"]).status == 1)
    let trash = try await run(["trash"])
    #expect(trash.stdout.contains("Moby-Dick"))
    let restored = try await run(["restore", "moby"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(restored.stdout == "1\n")
    let entries = try await entries("1")
    #expect(entries.map { $0["note"] as? String } == ["Call me Ishmael."])
    #expect(try await run(["trash"]).stderr.contains("The trash is empty."))
  }

  @Test func aWrongEntryWithTheSelectionCanBeUndone() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot", "--pages", "880"])
    try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "474"])
    try await run(["add", "Persuasion", "-a", "Jane Austen", "--pages", "249"])
    try await run(["progress", "set", "1", "100"])
    try await run(["select", "1"])
    // Meant book 3; recorded page 3 of the selected book.
    let slip = try await run(["progress", "set", "3"])
    #expect(slip.stdout.hasPrefix("Middlemarch · page 3 of 880"))
    let undone = try await run(["progress", "undo", "--force"])
    #expect(undone.status == 0, "\(undone.stderr)")
    #expect(undone.stderr.contains("Removed the entry of"))
    #expect(undone.stdout.contains("page 100 of 880"))
    // Any entry can go by its id.
    let id = try #require(try await entries("1").first?["id"] as? String)
    let removed = try await run(["progress", "remove", String(id.prefix(8)), "--force"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try await entries("1").isEmpty)
  }

  @Test func undoTakesBackWhatWasRecordedLastEvenBackdated() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot", "--pages", "880"])
    try await run(["progress", "set", "1", "100"])
    try await run(["progress", "set", "1", "50", "--at", "2024-01-01"])  // a slip
    let undone = try await json(["progress", "undo", "1", "--force"])
    let removed = try #require(undone["removed"] as? [String: Any])
    #expect(removed["page"] as? Int == 50)
    let progress = try #require((undone["book"] as? [String: Any])?["progress"] as? Double)
    #expect(abs(progress - 100.0 / 880) < 1e-9)
    #expect(try await entries("1").compactMap { $0["page"] as? Int } == [100])
    let trashed = try await json(["remove", "1", "--force"])
    #expect(trashed["book"] as? Int == 1)
    let restored = try await json(["restore", "1"])
    #expect(restored["id"] as? Int == 1)
  }

  // MARK: Notes move your progress

  @Test func aNoteIsNotAPosition() async throws {
    try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "474"])
    try await run(["progress", "set", "emma", "done"])
    let noted = try await run(["note", "add", "emma", "Box Hill, again."])
    #expect(noted.status == 0)
    #expect(noted.stderr.contains("at page 474 of 474"))
    let status = try await run(["status", "emma"])
    #expect(status.stdout.contains("finished"))
    #expect(status.stdout.contains("100%"))

    try await run(["add", "Persuasion", "-a", "Jane Austen", "--pages", "249"])
    try await run(["progress", "set", "persuasion", "40"])
    try await run(["note", "add", "persuasion", "Anne!"])
    let step = try await run(["progress", "set", "persuasion", "+15"])
    #expect(step.stdout.hasPrefix("Persuasion · page 55 of 249"))
    try await run(["note", "add", "persuasion", "Earlier thought.", "--at-page", "20"])
    let notes = try await json(["note", "list", "persuasion"])["notes"] as? [[String: Any]]
    #expect(notes?.compactMap { $0["page"] as? Int } == [40, 20])
  }

  // MARK: Backdating goes wrong

  @Test func aBackdatedEntryDoesNotMoveTheCurrentPosition() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot", "--pages", "880"])
    try await run(["progress", "set", "1", "100", "--at", "2024-05-01"])
    try await run(["progress", "set", "1", "300", "--at", "2024-05-10"])
    let backdated = try await run(["progress", "set", "1", "200", "--at", "2024-05-05"])
    #expect(backdated.status == 0)
    #expect(!backdated.stderr.contains("went backwards"))
    #expect(!backdated.stderr.contains("no progress"))
    #expect(backdated.stdout.contains("page 300 of 880"))
    #expect(try await json(["show", "1"])["page"] as? Int == 300)
    // "Went backwards" is judged against the entry just before it in time.
    let back = try await run(["progress", "set", "1", "150", "--at", "2024-05-06"])
    #expect(back.stderr.contains("Progress went backwards, from 22% to 17%"))
  }

  // MARK: Re-reads and finish dates

  @Test func finishingAgainIsAReadingOfItsOwn() async throws {
    try await run(["add", "Piranesi", "-a", "Susanna Clarke", "--pages", "245"])
    try await run(["progress", "set", "1", "done"])
    let asked = try await run(["progress", "set", "1", "20"])
    #expect(asked.status == 2)
    #expect(asked.stderr.contains("--reread"))
    let reread = try await run(["progress", "set", "1", "20", "--reread"])
    #expect(reread.status == 0)
    #expect(!reread.stderr.contains("went backwards"))
    let dayBefore = CalendarDayText.today()
    try await run(["progress", "set", "1", "done"])
    let details = try #require(try await json(["show", "1"])["details"] as? [String: Any])
    #expect(details["readCount"] as? Int == 2)
    #expect((details["readings"] as? [Any])?.count == 2)
    let csv = try await run(["export", "--format", "goodreads"])
    // Date Read, the latest finish: today, or yesterday if midnight came meanwhile.
    let days = [dayBefore, CalendarDayText.today()]
    #expect(days.contains { csv.stdout.contains(",\($0),") }, "\(csv.stdout)")
  }

  @Test func statusFinishedIsAFinish() async throws {
    try await run(["add", "Emma", "-a", "Jane Austen", "--pages", "474"])
    try await run(["progress", "set", "emma", "85"])
    try await run(["status", "emma", "finished"])
    let shown = try await json(["show", "emma"])
    #expect(shown["page"] as? Int == 474)
    #expect(shown["finished"] is String)
    let added = try await run(["add", "Persuasion", "-a", "Jane Austen", "--status", "finished"])
    #expect(added.status == 0)
    #expect(try await run(["status", "persuasion"]).stdout.contains("100%"))
  }

  @Test func anImportedBookIsFinishedSinceItsDateRead() async throws {
    let csv = home.path("goodreads.csv")
    try #"""
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count
    1,Emma,Jane Austen,,"=""""","=""""",4,474,2024/03/18,2024/01/24,,read,1

    """#.write(toFile: csv, atomically: false, encoding: .utf8)
    #expect(try await run(["import", csv]).status == 0)
    let shown = try await run(["show", "emma"])
    #expect(shown.stdout.contains("Status    finished since 2024-03-18"))
  }

  @Test func aRereadRoundTripsThroughEveryFormat() async throws {
    let csv = home.path("storygraph.csv")
    try """
    Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Star Rating,Review,Tags\r
    Piranesi,Susanna Clarke,,9781635575637,hardcover,read,2021/01/02,2023/02/20,"2021/01/05-2021/01/20, 2023/02/01-2023/02/20",2,4.5,,fantasy\r

    """.write(toFile: csv, atomically: false, encoding: .utf8)
    #expect(try await run(["import", csv]).status == 0)
    #expect(
      try await run(["progress", "set", "piranesi", "30%", "--reread", "--at", "2024-11-01"]).status
        == 0)
    let dayBefore = CalendarDayText.today()
    #expect(try await run(["progress", "set", "piranesi", "done"]).status == 0)
    // The last reading ends today, or yesterday if midnight came meanwhile.
    let ends = Set([dayBefore, CalendarDayText.today()]).map {
      $0.replacingOccurrences(of: "/", with: "-")
    }
    func readings(ending end: String) -> [[String: String]] {
      [
        ["start": "2021-01-05", "end": "2021-01-20"],
        ["start": "2023-02-01", "end": "2023-02-20"], ["start": "2024-11-01", "end": end],
      ]
    }
    for format in ["bookclub", "storygraph", "goodreads"] {
      let file = home.path("export.\(format)")
      #expect(try await run(["export", "--format", format, "-o", file]).status == 0)
      let copy = home.path("copy-\(format).sqlite")
      let imported = try await home.bookclub.run(["import", file, "--library", copy])
      #expect(imported.status == 0, "\(imported.stderr)")
      let shown = try await home.bookclub.run(["show", "piranesi", "--json", "--library", copy])
      let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
      let details = try #require(object?["details"] as? [String: Any])
      #expect(details["readCount"] as? Int == 3, "\(format)")
      let back = (details["readings"] as? [[String: String]]) ?? []
      if format == "goodreads" {
        // Goodreads has one Date Read: the latest finish, with the count beside it.
        #expect(ends.contains { back == [["end": $0]] }, "\(back)")
      } else {
        #expect(ends.contains { back == readings(ending: $0) }, "\(format): \(back)")
      }
    }
  }

  // MARK: Ratings and tags

  @Test func ratingsAndTagsCanBeSetListedSortedAndFiltered() async throws {
    for (title, author) in [
      ("Emma", "Jane Austen"), ("Middlemarch", "George Eliot"), ("Dracula", "Bram Stoker"),
    ] {
      try await run(["add", title, "-a", author])
    }
    #expect(try await run(["rate", "emma", "4.5"]).stdout == "Emma: ★★★★½ 4.5\n")
    #expect(try await run(["rate", "dracula", "3"]).status == 0)
    #expect(try await run(["rate", "emma", "4.3"]).status == 64)
    #expect(try await run(["tag", "emma", "classics", "comfort read"]).status == 0)
    #expect(try await run(["tag", "middlemarch", "Classics"]).status == 0)
    let tags = try await run(["tags"])
    // One tag, however it is capitalised.
    #expect(tags.stdout == "Classics      2\ncomfort read  1\n")
    let classics = try await json(["list", "--tag", "classics"])
    #expect((classics["books"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 2])
    let both = try await json(["list", "--tag", "classics", "--tag", "comfort read"])
    #expect((both["books"] as? [[String: Any]])?.count == 1)
    let searched = try await json(["list", "--search", "classics"])
    #expect(searched["total"] as? Int == 2)
    let rated = try await json(["list", "--sort", "rating"])
    #expect((rated["books"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 3, 2])
    let good = try await json(["list", "--rating-at-least", "4"])
    #expect(good["total"] as? Int == 1)
    #expect(try await run(["untag", "emma", "classics"]).status == 0)
    #expect(try await run(["tags"]).stdout == "Classics      1\ncomfort read  1\n")
    #expect(try await run(["rate", "emma", "--clear"]).stdout == "Emma: not rated\n")
  }

  @Test func listSaysHowManyBooksMatch() async throws {
    for index in 1...40 { try await run(["add", "Book \(index)", "-a", "Author \(index)"]) }
    let page = try await run(["list", "--limit", "30"])
    #expect(page.stderr.hasPrefix("Showing 1–30 of 40 · next: "))
    // Book 1 and 10–19, and Book 21 and 31 by Author 21 and 31: every word somewhere.
    let json = try await json(["list", "--limit", "5", "--search", "book 1"])
    #expect(json["total"] as? Int == 13)
  }

  // MARK: Duplicates

  @Test func addRefusesASilentDuplicate() async throws {
    try await run(["add", "Piranesi", "-a", "Susanna Clarke"])
    let again = try await run(["add", "piranesi", "-a", "SUSANNA CLARKE"])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already has “Piranesi” by Susanna Clarke as book 1"))
    #expect(again.stderr.contains("--duplicate"))
    #expect(try await run(["progress", "set", "piranesi", "10%"]).status == 0)
    let edition = try await run(["add", "Piranesi", "-a", "Susanna Clarke", "--duplicate"])
    #expect(edition.status == 0)
    #expect(edition.stdout == "2\n")
  }

  // MARK: The selection surprises

  @Test func theSelectionIsNeverAGuess() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot"])
    try await run(["add", "Emma", "-a", "Jane Austen"])
    try await run(["select", "1"])
    let guessed = try await run(["note", "add", "emma"])
    #expect(guessed.status == 2)
    #expect(guessed.stderr.contains("'emma' names the book “Emma”"))
    #expect(guessed.stderr.contains("bookclub note add 2 <text> (a note on “Emma”)"))
    let notes = try await json(["note", "list", "1"])["notes"] as? [Any]
    #expect(notes?.isEmpty != false)

    try await run(["add", "Dune Messiah", "-a", "Frank Herbert"])
    let split = try await run(["progress", "set", "dune", "messiah", "50%"])
    #expect(split.status == 64)
    #expect(
      split.stderr.hasPrefix("Error: Unexpected argument '50%'. Did you mean \"dune messiah\"?"))
  }

  // MARK: bookclub status

  @Test func statusShowsWhereThingsStand() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot", "--pages", "880"])
    try await run(["add", "Emma", "-a", "Jane Austen", "--status", "finished"])
    try await run(["progress", "set", "1", "100", "--at", "2024-05-01"])
    try await run(["progress", "set", "1", "300", "--at", "2024-05-11", "--note", "Dorothea!"])
    let overview = try await run(["status"])
    #expect(overview.status == 0, "\(overview.stderr)")
    #expect(overview.stdout.contains("Middlemarch — George Eliot"))
    #expect(overview.stdout.contains("page 300 of 880"))
    #expect(overview.stdout.contains("20 pages/day"))
    #expect(overview.stdout.contains("Dorothea!"))
    #expect(
      overview.stdout.contains("2 books: 0 want to read · 1 reading · 1 finished · 0 abandoned"))
    let json = try await json(["status"])
    #expect((json["reading"] as? [Any])?.count == 1)
    let one = try await run(["status", "emma"])
    #expect(one.stdout.hasPrefix("Emma — Jane Austen · finished"))
  }

  // MARK: Small ones

  @Test func authorsSortByLastNameAndYearsBCReadAsSuch() async throws {
    try await run(["add", "The Three Musketeers", "-a", "Alexandre Dumas"])
    try await run(["add", "Agnes Grey", "-a", "Anne Brontë"])
    try await run(["add", "The Iliad", "-a", "Homer"])
    try await run(["edit", "3", "--original-year", "-725"])
    let sorted = try await json(["list", "--sort", "author"])
    #expect((sorted["books"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [2, 1, 3])
    #expect(try await run(["show", "iliad"]).stdout.contains("725 BC"))
    let typo = try await run(["list", "--sort", "titel"])
    #expect(typo.stderr.contains("Did you mean 'title'?"))
  }
}

/// Today as `yyyy/MM/dd` in UTC, as a Goodreads export writes days.
enum CalendarDayText {
  static func today() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy/MM/dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: Date())
  }
}

/// Bare `bookclub` at a terminal: where you stand, then the commands to go on with.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct BareCommandAtATerminalTests {
  let home = TestHome()

  @Test func showsTheOverviewAndAHint() async throws {
    let library = home.path("library.sqlite")
    _ = try await home.bookclub.run(
      ["add", "Middlemarch", "-a", "George Eliot", "--pages", "880", "--library", library])
    _ = try await home.bookclub.run(["progress", "set", "1", "88", "--library", library])
    var environment = home.bookclub.environment
    environment["BOOKCLUB_LIBRARY"] = library
    environment["NO_COLOR"] = "1"
    let session = try TerminalSession([], environment: environment)
    try await session.waitFor("See 'bookclub --help' for every command.")
    let (status, screen) = try await session.finish()
    #expect(status == 0)
    #expect(screen.contains("1  Middlemarch — George Eliot"))
    #expect(screen.contains("page 88 of 880"))
    #expect(screen.contains("Common commands:"))
    #expect(screen.contains("bookclub progress set <book> 120"))
  }
}
