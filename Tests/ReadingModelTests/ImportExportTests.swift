import Foundation
import Testing

@testable import ReadingModel

@Suite struct ImportExportTests {
  let folder = TemporaryFolder()
  static let sampleFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-data")

  func sample(_ name: String) -> String { Self.sampleFolder.appendingPathComponent(name).path }

  @Test(arguments: ["goodreads_library_export.csv", "storygraph_export.csv"])
  func sampleExportsImportWholeAndTwiceChangesNothing(_ name: String) async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let first = try await importFile(sample(name), into: library)
    #expect(first.added == 73)
    #expect(first.rows == 73)
    #expect(first.skipped.isEmpty)
    let second = try await importFile(sample(name), into: library)
    #expect(second.unchanged == 73)
    #expect(second.rows == 73)
    #expect(try await library.page(PageQuery(limit: 1000)).books.count == 73)
  }

  @Test func bothServicesMergeIntoOneBookEach() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(sample("goodreads_library_export.csv"), into: library)
    let storygraph = try await importFile(sample("storygraph_export.csv"), into: library)
    #expect(storygraph.added == 0)
    #expect(try await library.page(PageQuery(limit: 1000)).books.count == 73)
    guard case .found(let emma) = try await library.find("emma") else {
      Issue.record("Emma not found")
      return
    }
    let details = try await library.details(of: emma.id)
    #expect(details.publisher == "Penguin Classics")  // from Goodreads, kept
    #expect(details.sourceIDs.keys.sorted() == ["goodreads", "storygraph"])
  }

  @Test func exportImportExportIsByteIdentical() async throws {
    let original = SQLiteLibrary(path: folder.path("original.sqlite"))
    try await original.restore(
      try LibraryArchive.decode(Data(contentsOf: URL(fileURLWithPath: sample("library.json")))))
    _ = try await importFile(sample("goodreads_library_export.csv"), into: original)
    _ = try await original.setStatus(
      .abandoned, of: 3, at: Date(milliseconds: 1_700_000_000_000), reread: nil)
    let first = try await exportArchive(original)
    let path = folder.path("export.json")
    try first.write(to: URL(fileURLWithPath: path))
    let copy = SQLiteLibrary(path: folder.path("copy.sqlite"))
    let summary = try await importFile(path, into: copy)
    #expect(summary.added == 73)
    let second = try await exportArchive(copy)
    #expect(second == first)
    #expect(try await importFile(path, into: copy).unchanged == 73)
    let archive = try LibraryArchive.decode(second)
    #expect(archive.books.contains { !$0.statusChanges.isEmpty })
    #expect(archive.books.contains { !$0.progress.entries.isEmpty })
  }

  @Test func aBrokenQuoteOnLine17ChangesNothing() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(sample("storygraph_export.csv"), into: library)
    let before = try await exportArchive(library)
    var lines = try String(contentsOfFile: sample("goodreads_library_export.csv"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[16] = lines[16].replacingOccurrences(
      of: ",\"", with: ",\"\"\"\"x", options: [], range: nil
    )
    .replacingOccurrences(of: ",Paperback,", with: ",\"Paperback,")
    let path = folder.path("broken.csv")
    try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    await #expect {
      try await importFile(path, into: library)
    } throws: { error in
      (error as? CSVError).map { $0.localizedDescription.contains("line 17") } ?? false
    }
    #expect(try await exportArchive(library) == before)
  }

  @Test func dryRunChangesNothing() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let summary = try await importFile(
      sample("goodreads_library_export.csv"), into: library, dryRun: true)
    #expect(summary.dryRun && summary.added == 73)
    #expect(try await library.page(PageQuery()).books.isEmpty)
  }

  @Test func cancellingRollsEverythingBack() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await library.add(try NewBook(title: "Kept", authors: ["Me"]))
    let before = try await exportArchive(library)
    let path = sample("goodreads_library_export.csv")
    let task = Task {
      try await library.importBooks(
        from: { try ImportFormat.goodreads.source(path: path) }, options: ImportOptions(),
        progress: nil)
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(try await exportArchive(library) == before)
  }
}
