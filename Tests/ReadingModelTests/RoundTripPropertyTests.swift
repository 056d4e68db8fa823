import Foundation
import Testing

@testable import ReadingModel

/// The round-trip property of the interchange formats, over generated libraries: every
/// export format imported into an empty library gives back the same books (every value the
/// format has a column for), and imported into the library it came from adds and updates
/// nothing.
@Suite struct RoundTripPropertyTests {
  /// How many libraries are generated; each seed is one library, printed with any failure.
  static let libraries: UInt64 = 240

  enum Format: String, CaseIterable {
    case archive, goodreads, storygraph
  }

  let folder = TemporaryFolder()

  @Test func everyExportFormatComesBackWhole() async throws {
    var books = 0
    for seed in 0..<Self.libraries {
      books += try await check(seed: seed)
    }
    // What the property covered, for the record (the closing note quotes it).
    print(
      "round trip: \(Self.libraries) libraries, \(books) books, \(Format.allCases.count) formats")
  }

  /// Generates library `seed`, checks every format, and returns how many books it had.
  private func check(seed: UInt64) async throws -> Int {
    var generator = RoundTripLibraryGenerator(seed: seed)
    let origin = SQLiteLibrary(path: folder.path("origin-\(seed).sqlite"))
    try await origin.restore(
      generator.addedHere(count: Int.random(in: 1...6, using: &generator.random)))
    if generator.chance(0.6) {
      let path = folder.path("goodreads-\(seed).csv")
      let rows = Int.random(in: 1...5, using: &generator.random)
      try generator.goodreadsExport(count: rows, firstID: 1000).write(
        toFile: path, atomically: false, encoding: .utf8)
      let summary = try await importFile(path, into: origin)
      #expect(summary.skipped.isEmpty, "seed \(seed): \(summary.skipped)")
    }
    let count = try await items(of: origin).count
    for format in Format.allCases {
      let before = try await items(of: origin)
      let path = folder.path("export-\(seed).\(format.rawValue)")
      let exported = try await export(origin, as: format)
      try exported.write(to: URL(fileURLWithPath: path))

      let fresh = SQLiteLibrary(path: folder.path("fresh-\(seed)-\(format.rawValue).sqlite"))
      let restored = try await importFile(path, into: fresh)
      #expect(restored.added == count, "seed \(seed), \(format): \(restored.skipped)")
      let back = try await items(of: fresh)
      #expect(
        Self.project(back, format) == Self.project(before, format),
        "seed \(seed), \(format): the books that came back differ")

      if format == .archive {
        // Restored whole: the same ids, the same identity, the same bytes.
        #expect(try await export(fresh, as: .archive) == exported, "seed \(seed)")
      }

      let again = try await importFile(path, into: origin)
      #expect(
        again.added == 0 && again.updated == 0 && again.skipped.isEmpty,
        "seed \(seed), \(format): \(again.added) added, \(again.updated) updated: \(again.changes)")
    }
    return count
  }

  // MARK: - What a format carries

  /// Each book as the values `format` has a column for, one line each, sorted.
  static func project(_ items: [LibraryArchive.Item], _ format: Format) -> [String] {
    items.map { item in
      let fields = BookFields(book: item.book, details: item.details)
      let finished = item.details.readings.filter { $0.end != nil && !$0.abandoned }
      let values: [String?]
      switch format {
      case .archive:
        values = [
          item.book.title, fields[.authors], fields[.isbn13], fields[.status], fields[.rating],
          fields[.readings], fields[.tags], fields[.format], fields[.length],
        ]
      case .goodreads:
        let stars = Double(fields[.rating] ?? "").map { Int($0.rounded()) }
        values = [
          item.book.title, fields[.authors], fields[.isbn13], fields[.isbn10], fields[.status],
          stars.flatMap { $0 == 0 ? nil : String($0) }, fields[.pageCount], fields[.publisher],
          fields.binding(or: \.goodreadsBinding), fields[.format], fields[.review],
          fields[.dateAdded],
          fields[.readCount],
          finished.compactMap(\.end).max()?.description,
          fields.list(.tags).sorted().joined(separator: "|"),
        ]
      case .storygraph:
        values = [
          item.book.title, fields[.authors], fields[.contributors],
          fields[.isbn13].flatMap { $0.isEmpty ? nil : $0 } ?? fields.list(.identifiers).first,
          fields[.status], fields[.rating], fields.binding(or: \.storyGraphFormat),
          fields[.format], fields[.review],
          fields[.dateAdded],
          fields[.readCount], finished.map(\.text).sorted().joined(separator: "|"),
          fields.list(.tags).sorted().joined(separator: "|"),
        ]
      }
      return values.map { ($0 ?? "").debugDescription }.joined(separator: " ")
    }.sorted()
  }

  // MARK: - Libraries and files

  func items(of library: SQLiteLibrary) async throws -> [LibraryArchive.Item] {
    var all: [LibraryArchive.Item] = []
    while true {
      let page = try await library.archivePage(after: all.last?.book.id, limit: 50)
      guard !page.isEmpty else { return all }
      all += page
    }
  }

  func export(_ library: SQLiteLibrary, as format: Format) async throws -> Data {
    guard format != .archive else { return try await exportArchive(library) }
    let header = format == .goodreads ? GoodreadsExport.header : StoryGraphExport.header
    var bytes = Array(CSVWriter.line(header).utf8)
    for item in try await items(of: library) {
      if format == .goodreads {
        GoodreadsExport.append(item, to: &bytes)
      } else {
        CSVWriter.append(StoryGraphExport.row(item), to: &bytes)
      }
    }
    return Data(bytes)
  }
}
