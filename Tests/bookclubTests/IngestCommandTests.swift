import Foundation
import ReadingModel
import TestSupport
import Testing

/// `bookclub ingest` end to end (issue 29): a device's folder or file in, books matched,
/// highlights in, hand-made progress kept, nothing twice, nothing on a dry run; hostile
/// paths and files refused with a message and nothing changed.
@Suite struct IngestCommandTests: LibraryCommandSuite {
  let home = TestHome()

  /// Dune at 30% by hand, Der Process wanted.
  func libraryWithTwoBooks() async throws {
    try await bookclub(["add", "Dune", "-a", "Frank Herbert", "--pages", "600"])
    try await bookclub(["progress", "set", "dune", "30%"])
    try await bookclub(["add", "Der Process", "-a", "Franz Kafka", "--status", "want"])
  }

  @Test func aKindleIsIngestedOnceAndItsDryRunWritesNothing() async throws {
    try await libraryWithTwoBooks()
    let kindle = try DeviceFixtures.kindle(in: home.url.path)
    let before = try Data(contentsOf: URL(fileURLWithPath: library))
    let dry = try await bookclub(["ingest", kindle, "--dry-run"])
    #expect(
      dry.stderr.hasPrefix(
        "Dry run of \(kindle) (Kindle): 1 added, 2 updated, 0 unchanged, 0 skipped, "
          + "0 not matched, 3 highlights added. Nothing was changed.\n"),
      "\(dry.stderr)")
    #expect(dry.stderr.contains("“I must not fear. Fear is the mind-killer.” note: The litany"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before)
    let real = try await json(["ingest", kindle])
    #expect(real["added"] as? Int == 1 && real["updated"] as? Int == 2)
    #expect(real["highlightsAdded"] as? Int == 3)
    let again = try await json(["ingest", kindle + "/documents/My Clippings.txt"])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0)
    #expect(again["unchanged"] as? Int == 3 && again["highlightsAdded"] as? Int == 0)
    // Hand-made progress stands; the highlights are the book's.
    let dune = try #require(try await json(["show", "dune"])["book"] as? [String: Any])
    #expect(dune["progress"] as? Double == 0.3, "\(dune)")
    let listed = try await bookclub(["highlights", "dune"]).stdout
    #expect(listed.contains("Fear is the mind-killer."), "\(listed)")
    try await bookclub(["undo", "--force"])  // the re-ingest changed nothing: the first goes
    #expect(try await bookclub(["highlights", "dune"]).stdout.isEmpty)
  }

  /// The whole case: a Kobo with KOReader on it (KOReader's statistics and two
  /// sidecars, and a third with code in it) and a Kindle whose clippings are in three
  /// languages, into a library that has some of their books with progress logged by hand.
  @Test func everyDeviceIsIngestedIntoALibraryWithProgressByHand() async throws {
    try await libraryWithTwoBooks()
    try await bookclub([
      "add", "The Left Hand of Darkness", "-a", "Ursula K. Le Guin", "--isbn", "9780441478125",
      "--pages", "300",
    ])
    try await bookclub(["progress", "set", "left hand", "50%"])
    try await bookclub(["add", "Emma", "-a", "Jane Austen", "--pages", "400"])
    let kobo = try DeviceFixtures.koboWithKOReader(in: home.url.path)
    let kindle = try DeviceFixtures.kindle(in: home.url.path)
    let before = try Data(contentsOf: URL(fileURLWithPath: library))
    let dry = try await bookclub(["ingest", kobo, "--dry-run"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before, "\(dry.stderr)")
    #expect(dry.stderr.contains("Nothing was changed."))
    let first = try await json(["ingest", kobo])
    #expect(first["format"] as? String == "Kobo and KOReader", "\(first)")
    // Piranesi is the only book of either the library does not have.
    #expect(first["added"] as? Int == 1, "\(first)")
    #expect(first["updated"] as? Int == 3, "\(first)")
    // Dune 2 and Piranesi 1 from KOReader's page turns; the Kobo's time on two books.
    #expect(first["sessionsAdded"] as? Int == 5, "\(first)")
    #expect(first["highlightsAdded"] as? Int == 6, "\(first)")
    let unreadable = try #require(first["unreadable"] as? [String])
    #expect(unreadable.count == 1 && unreadable[0].contains("Evil.sdr"), "\(unreadable)")
    // Hand-made progress stands: the devices' positions are older than it.
    let dune = try #require(try await json(["show", "dune"])["book"] as? [String: Any])
    #expect(dune["progress"] as? Double == 0.3)
    let leGuin = try #require(try await json(["show", "left hand"])["book"] as? [String: Any])
    #expect(leGuin["progress"] as? Double == 0.5)
    // Emma was finished on the Kobo: the library's "want to read" moves forward.
    let emma = try #require(try await json(["show", "emma"])["book"] as? [String: Any])
    #expect(emma["status"] as? String == "finished", "\(emma)")
    let sessions = try await bookclub(["progress", "show", "dune"]).stdout
    #expect(
      sessions.contains("\nSessions (2 sessions, 50m in all, 84 pages an hour):\n"), "\(sessions)")
    #expect(sessions.contains("2025-03-01 20:00  20m  (30 pages, 90/h)  koreader"), "\(sessions)")
    let kindled = try await json(["ingest", kindle])
    #expect(kindled["updated"] as? Int == 2 && kindled["added"] as? Int == 1, "\(kindled)")
    // Again, every device: nothing changes.
    for device in [kobo, kindle] {
      let again = try await json(["ingest", device])
      #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
      #expect(again["sessionsAdded"] as? Int == 0 && again["highlightsAdded"] as? Int == 0)
    }
    // Nothing reached the terminal raw: the escape in a highlight is shown escaped.
    let listed = try await bookclub(["highlights", "dune"]).stdout
    #expect(listed.contains("The spice must flow."), "\(listed)")
    #expect(!listed.contains("\u{1B}"))
  }

  @Test func mapNamesTheBookAndMatchOnlyAddsNone() async throws {
    try await bookclub(["add", "The Stranger", "-a", "Albert Camus"])
    let kindle = try DeviceFixtures.kindle(in: home.url.path)
    let listed = try await json(["ingest", kindle, "--match-only"])
    #expect(listed["added"] as? Int == 0)
    let notMatched = try #require(listed["notMatched"] as? [[String: Any]])
    #expect(
      notMatched.compactMap { $0["title"] as? String } == ["Dune", "Der Process", "L'Étranger"])
    let mapped = try await json([
      "ingest", kindle, "--match-only", "--map", "L'Étranger=stranger",
    ])
    #expect(mapped["updated"] as? Int == 1 && mapped["highlightsAdded"] as? Int == 1)
    let wrong = try await bookclub(
      ["ingest", kindle, "--map", "Nothing Like It=stranger"], status: 64)
    #expect(wrong.stderr.contains("No book of the device is titled 'Nothing Like It'"))
  }

  @Test func pathsThatAreNoDeviceAreRefusedWithWhatToGive() async throws {
    let empty = home.path("empty-folder")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let folder = try await bookclub(["ingest", empty], status: 1)
    #expect(folder.stderr.contains("Found no e-reader's files in \(empty)"), "\(folder.stderr)")
    let fifo = home.path("clippings.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let pipe = try await bookclub(["ingest", fifo], status: 1)
    #expect(pipe.stderr.contains("FIFO"), "\(pipe.stderr)")
    let other = home.path("notes.txt")
    try Data("just some notes\n".utf8).write(to: URL(fileURLWithPath: other))
    let text = try await bookclub(["ingest", other], status: 1)
    #expect(text.stderr.contains("is not a file bookclub reads off an e-reader"), "\(text.stderr)")
    #expect(!FileManager.default.fileExists(atPath: library))
  }
}

/// At a terminal, `ingest` asks about each device book that matches none of the library's:
/// add it, leave it out, or name the book it is; Ctrl-C changes nothing.
@Suite(.requires(.tmux))
struct IngestChoiceTests: LibraryCommandSuite {
  let home = TestHome()

  func ingest(_ arguments: [String]) async throws -> TmuxSession {
    try await TmuxSession(
      bookclub: ["ingest"] + arguments, home: home, library: library,
      pidFile: home.path("ingest.pid"), width: 120, height: 30)
  }

  @Test func eachUnmatchedBookIsAddedLeftOutOrNamed() async throws {
    try await bookclub(["add", "Dune", "-a", "Frank Herbert"])
    try await bookclub(["add", "The Stranger", "-a", "Albert Camus"])
    let kindle = try DeviceFixtures.kindle(in: home.url.path)
    let session = try await ingest([kindle])
    _ = try await session.waitFor("2 of the device's books match none of yours.")
    _ = try await session.waitFor("“Der Process” by Franz Kafka")
    try await session.press("Enter")  // added
    _ = try await session.waitFor("“L'Étranger” by Albert Camus")
    try await session.type("nothing like it")
    try await session.press("Enter")
    _ = try await session.waitFor("No book matches 'nothing like it'")
    try await session.type("stranger")
    try await session.press("Enter")
    _ = try await session.waitFor("→ “The Stranger” (2)")
    let after = try await session.waitFor("EXITED:0")
    #expect(after.contains("1 added, 2 updated"), "\(after)")
    let listed = try await bookclub(["list"]).stdout
    #expect(listed.contains("Der Process") && !listed.contains("L'Étranger"), "\(listed)")
    #expect(try await bookclub(["highlights", "stranger"]).stdout.contains("A line of mine"))
  }

  @Test func leftOutIsListedAndCtrlCChangesNothing() async throws {
    try await bookclub(["add", "Dune", "-a", "Frank Herbert"])
    let kindle = try DeviceFixtures.kindle(in: home.url.path)
    let before = try Data(contentsOf: URL(fileURLWithPath: library))
    let cancelled = try await ingest([kindle])
    _ = try await cancelled.waitFor("“Der Process” by Franz Kafka")
    let pid = try #require(try TmuxSession.processID(in: home.path("ingest.pid")))
    #expect(kill(pid, SIGINT) == 0)
    let stopped = try await cancelled.waitFor("EXITED:")
    #expect(stopped.contains("Ingest cancelled; nothing was changed."), "\(stopped)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before)
    // --match-only: Enter leaves a book out, 'a' adds it.
    let session = try await ingest([kindle, "--match-only"])
    _ = try await session.waitFor("“Der Process” by Franz Kafka")
    _ = try await session.waitFor("Enter: leave it out · a: add it")
    try await session.press("Enter")
    _ = try await session.waitFor("“L'Étranger” by Albert Camus")
    try await session.type("a")
    try await session.press("Enter")
    let after = try await session.waitFor("EXITED:0")
    #expect(after.contains("Not matched"), "\(after)")
    #expect(after.contains("Der Process") && after.contains("left out when asked"), "\(after)")
    let listed = try await bookclub(["list"]).stdout
    #expect(listed.contains("L'Étranger") && !listed.contains("Der Process"), "\(listed)")
  }
}
