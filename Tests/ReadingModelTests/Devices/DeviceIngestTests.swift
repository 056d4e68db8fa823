import Foundation
import Testing

@testable import ReadingModel

/// An ingest is an import: one transaction, three-way merged with the device's last ingest,
/// nothing written twice, nothing written on a dry run, undone whole.
@Suite struct DeviceIngestTests {
  let folder = TemporaryFolder()

  static func kindle(_ text: String = KindleClippingsTests.threeLanguages) -> DeviceReading {
    KindleClippings(bytes: Array(text.utf8)).deviceReading(
      file: "My Clippings.txt", in: .utc, now: Date())
  }

  func ingest(
    _ reading: DeviceReading, into library: SQLiteLibrary, options: ImportOptions = ImportOptions()
  ) async throws -> ImportSummary {
    try await library.importBooks(
      from: { DeviceImportSource([reading]) }, options: options, progress: nil)
  }

  /// Dune at 30% logged by hand, Der Process wanted; L'Étranger is not in it.
  func library() async throws -> (SQLiteLibrary, dune: Book.ID, process: Book.ID) {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let dune = try await library.add(
      try NewBook(title: "Dune", authors: ["Frank Herbert"], pageCount: 600))
    try await library.record(0.3, on: dune.id, at: Date(timeIntervalSinceNow: -3600))
    let process = try await library.add(
      try NewBook(title: "Der Process", authors: ["Franz Kafka"], status: .wantToRead))
    return (library, dune.id, process.id)
  }

  @Test func booksAreMatchedHighlightsAddedAndTheRestAdded() async throws {
    let (library, dune, process) = try await library()
    let summary = try await ingest(Self.kindle(), into: library)
    #expect(summary.format == "Kindle")
    #expect(summary.added == 1)
    #expect(summary.updated == 2)
    #expect(summary.highlightsAdded == 3)
    let duneHighlights = try await library.highlights(of: dune)
    #expect(duneHighlights.map(\.text) == ["I must not fear. Fear is the mind-killer."])
    #expect(duneHighlights.first?.note == "The litany, again")
    #expect(duneHighlights.first?.location == "540-541")
    #expect(duneHighlights.first?.page == 37)
    // Worked out from the page, for the spoiler shield: 37 of 600.
    #expect(duneHighlights.first?.position == StoredValue.fraction(37.0 / 600))
    #expect(try await library.highlights(of: process).count == 1)
    // Hand-made progress stands.
    #expect(try await library.progress(of: dune).entries.map(\.progress) == [0.3])
    let added = try #require(
      try await library.page(PageQuery(limit: 5, search: "Étranger")).books.first?.book)
    #expect(added.format == .ebook)
    #expect(added.status == .reading)
    #expect(added.authors == ["Albert Camus"])
    let notes = try await library.highlights(of: added.id)
    #expect(notes.map(\.kind) == [.note])
    #expect(summary.remarks.contains { $0.contains("English, German, French") })
    #expect(summary.remarks.contains { $0.contains("1 bookmark not kept") })
  }

  @Test func ingestingTheSameFileAgainChangesNothing() async throws {
    let (library, _, _) = try await library()
    _ = try await ingest(Self.kindle(), into: library)
    let again = try await ingest(Self.kindle(), into: library)
    #expect(again.added == 0)
    #expect(again.updated == 0)
    #expect(again.unchanged == 3)
    #expect(again.highlightsAdded == 0)
    #expect(again.record == nil)
  }

  @Test func aDryRunListsEveryHighlightAndWritesNothing() async throws {
    let (library, dune, _) = try await library()
    let summary = try await ingest(
      Self.kindle(), into: library, options: ImportOptions(dryRun: true))
    #expect(summary.added == 1)
    #expect(summary.changes.flatMap(\.highlights).count == 3)
    #expect(try await library.highlights(of: dune).isEmpty)
    let real = try await ingest(Self.kindle(), into: library)
    #expect(real.highlightsAdded == 3)
  }

  @Test func anIngestIsUndoneWhole() async throws {
    let (library, dune, _) = try await library()
    _ = try await ingest(Self.kindle(), into: library)
    _ = try await library.undo()
    #expect(try await library.highlights(of: dune).isEmpty)
    #expect(try await library.page(PageQuery(limit: 5, search: "Étranger")).books.isEmpty)
    let again = try await ingest(Self.kindle(), into: library)
    #expect(again.highlightsAdded == 3)
  }

  @Test func aDeviceHighlightRemovedHereStaysRemoved() async throws {
    let (library, dune, _) = try await library()
    _ = try await ingest(Self.kindle(), into: library)
    let highlight = try #require(try await library.highlights(of: dune).first)
    _ = try await library.apply(.removeHighlight(highlight.id))
    let again = try await ingest(Self.kindle(), into: library)
    #expect(again.highlightsAdded == 0)
    #expect(try await library.highlights(of: dune).isEmpty)
  }

  @Test func aNoteWrittenHereIsKeptOverTheDevicesAndANewOneFillsIn() async throws {
    let (library, dune, _) = try await library()
    _ = try await ingest(Self.kindle(), into: library)
    let highlight = try #require(try await library.highlights(of: dune).first)
    _ = try await library.apply(.setHighlightNote(highlight.id, "mine"))
    let edited = KindleClippingsTests.threeLanguages.replacingOccurrences(
      of: "The litany, again", with: "The litany, edited on the device")
    let again = try await ingest(Self.kindle(edited), into: library)
    #expect(try await library.highlights(of: dune).first?.note == "mine")
    #expect(again.remarks.contains { $0.contains("keeps its note") })
  }

  @Test func unmatchedBooksAreListedWhenNotAddedAndAChoiceMatchesThem() async throws {
    let (library, dune, _) = try await library()
    var options = ImportOptions()
    options.addUnmatched = false
    let summary = try await ingest(Self.kindle(), into: library, options: options)
    #expect(summary.added == 0)
    #expect(summary.notMatched.map(\.title) == ["L'Étranger"])
    #expect(summary.notMatched.first?.highlights == 1)
    // Chosen for Dune, the second book of the file is Dune's too: it claims Dune first.
    let key = Self.kindle().books[2].key
    options.chosen = [key: dune]
    let chosen = try await ingest(Self.kindle(), into: library, options: options)
    #expect(chosen.notMatched.map(\.title).contains("L'Étranger"))
  }
}
