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

    /// The loss report of another service's format.
    var target: ExportLosses.Target? {
      switch self {
      case .archive: nil
      case .goodreads: .goodreads
      case .storygraph: .storygraph
      }
    }
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
      if let target = format.target {
        // Whatever came back otherwise, the export's loss report said.
        for (lost, said) in Self.losses(before, back, target: target) {
          #expect(said, "seed \(seed), \(format): \(lost) differs and no loss line says so")
        }
      }

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

  /// Each value of a book that came back different, paired by title and authors, with
  /// whether the export's loss report for that book names it.
  static func losses(
    _ before: [LibraryArchive.Item], _ back: [LibraryArchive.Item], target: ExportLosses.Target
  ) -> [(String, Bool)] {
    func key(_ item: LibraryArchive.Item) -> String {
      item.book.title + "|" + item.book.authors.joined(separator: ",")
    }
    let returned = Dictionary(grouping: back, by: key)
    var found: [(String, Bool)] = []
    for item in before {
      guard let match = returned[key(item)], match.count == 1, let other = match.first else {
        continue
      }
      let said = Set(ExportLoss.found(in: item, target: target).filter { $0.1 > 0 }.map(\.0))
      let (a, b) = (item.details, other.details)
      let checks: [(String, Bool, [ExportLoss])] = [
        ("rating", a.rating != b.rating, [.ratingRounded]),
        ("readings", a.readings != b.readings, [.readingsDropped, .readingStartsDropped]),
        ("moods or pace", a.moods != b.moods || a.pace != b.pace, [.moodsAndPace]),
        (
          "warnings", a.warnings != b.warnings || a.warningNote != b.warningNote, [.contentWarnings]
        ),
        // A title such as `Tomorrow (Healer, #1)` comes back with a series: a gain, not a loss.
        ("series", a.series != b.series && !a.series.isEmpty, [.series]),
        ("contributors", a.contributors != b.contributors, [.contributors]),
        ("publisher", a.publisher != b.publisher, [.publisher]),
        (
          "years", a.publicationYear != b.publicationYear || a.editionYear != b.editionYear,
          [.publicationYears]
        ),
        ("author sort", a.authorSort != b.authorSort && a.authorSort != nil, [.authorSort]),
        ("private notes", a.privateNotes != b.privateNotes, [.privateNotes]),
        ("spoiler", a.spoiler != b.spoiler, [.spoilerMark]),
        (
          "copies owned", a.ownedCopies != b.ownedCopies && a.ownedCopies != nil,
          [.ownedCountRounded]
        ),
        ("up next", a.upNext != nil && b.upNext == nil, [.upNext]),
        ("edition link", a.work != nil && b.work == nil, [.editions]),
        ("page count", item.book.pageCount != other.book.pageCount, [.pageCount]),
        ("length", item.book.length != other.book.length, [.audiobookLength]),
        ("progress", item.progress.entries.count > other.progress.entries.count, [.progress]),
        ("highlights", item.highlights.count > other.highlights.count, [.highlights]),
        ("sessions", item.sessions.count > other.sessions.count, [.sessions]),
      ]
      for (name, differs, losses) in checks where differs {
        found.append(("\(item.book.title): \(name)", !said.isDisjoint(with: losses)))
      }
    }
    return found
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
