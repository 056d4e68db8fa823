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
