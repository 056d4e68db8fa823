import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// A row of an export exactly as it was at the last import is passed over unread; anything
/// that could make the same row mean something else (a changed cell, another `--shelf`, a
/// conflict, an undo) has it read again.
@Suite struct SourceRowDigestTests {
  let folder = TemporaryFolder()

  static let header = [
    "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Number of Pages", "Date Read", "Date Added", "Bookshelves", "Exclusive Shelf",
  ]

  /// Row `i`: read and rated `rating`; row 3 sits on a shelf bookclub cannot read.
  static func row(_ i: Int, rating: Int = 4) -> [String] {
    let shelf = i == 3 ? "poetry-someday" : "read"
    return [
      String(i), "Book \(i)", "Author \(i)", "", "", "", String(rating), "200",
      shelf == "read" ? "2024/03/01" : "", "2023/01/15", "", shelf,
    ]
  }

  func file(_ rows: [[String]], header: [String] = header) throws -> String {
    let path = folder.path("export-\(UUID().uuidString).csv")
    try ([header] + rows).map(CSVWriter.line).joined()
      .write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func importFile(
    _ path: String, into library: SQLiteLibrary, shelves: ShelfMapping = ShelfMapping(),
    prefer: MergePreference = .library
  ) async throws -> ImportSummary {
    try await library.importBooks(
      from: { try ImportFormat.goodreads.source(path: path, shelves: shelves) },
      options: ImportOptions(prefer: prefer), progress: nil)
  }

  func digests(_ library: SQLiteLibrary) throws -> [String?] {
    let db = try SQLiteConnection(path: library.path, mode: .readOnly)
    return try db.all("SELECT row_digest FROM book_sources ORDER BY book_id") {
      $0.optionalText(0)
    }
  }

  @Test func aRowAsItWasIsPassedOverAndAChangedOneIsRead() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let rows = (1...6).map { Self.row($0) }
    let first = try await importFile(try file(rows), into: library)
    #expect(first.added == 6)
    #expect(first.remarks.contains { $0.contains("poetry-someday") })
    let stored = try digests(library)
    #expect(stored.allSatisfy { $0.flatMap(ContentDigest.init(hex:)) != nil })

    // The same rows: none is mapped again, so none makes its remark again.
    let again = try await importFile(try file(rows), into: library)
    #expect(again.unchanged == 6 && again.updated == 0 && again.added == 0)
    #expect(!again.remarks.contains { $0.contains("poetry-someday") })

    // One cell changed: that row is read and merged, and keeps its new digest.
    var changed = rows
    changed[4] = Self.row(5, rating: 2)
    let third = try await importFile(try file(changed), into: library)
    #expect(third.updated == 1 && third.unchanged == 5)
    #expect(third.changes.first?.fields.map(\.field) == [.rating])
    let after = try digests(library)
    #expect(after[4] != stored[4] && after[4] != nil)
    #expect(Array(after.prefix(4)) == Array(stored.prefix(4)))
  }

  @Test func aSmallFileIntoALargeLibraryLoadsNoDigestsAndMapsItsRows() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(try file((1...60).map { Self.row($0) }), into: library)
    // One row: the file cannot hold sixty, so the sixty digests are not loaded for it.
    let one = try await importFile(try file([Self.row(3)]), into: library)
    #expect(one.unchanged == 1)
    #expect(one.remarks.contains { $0.contains("poetry-someday") }, "the row was mapped")
  }

  @Test func anotherShelfChoiceReadsEveryRowAgain() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let path = try file((1...4).map { Self.row($0) })
    _ = try await importFile(path, into: library)
    let chosen = ShelfMapping(chosen: ["poetry-someday": .finished])
    let again = try await importFile(path, into: library, shelves: chosen)
    #expect(again.updated == 1 && again.unchanged == 3)
    let book = try await library.book(id: 3)
    #expect(book?.status == .finished)
  }

  @Test func aRowKeptWithAConflictIsReadAgainUntilTheConflictEnds() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(try file((1...3).map { Self.row($0) }), into: library)
    try await library.edit(2, .rating(Rating(given: 1)))
    let path = try file([Self.row(1), Self.row(2, rating: 5), Self.row(3)])
    let first = try await importFile(path, into: library)
    #expect(first.conflicts.count == 1)
    // The base kept is no row of the file: the row is read, and the conflict listed again.
    let second = try await importFile(path, into: library)
    #expect(second.conflicts.count == 1)
    #expect(try digests(library)[1] == nil)
    let taken = try await importFile(path, into: library, prefer: .source)
    #expect(taken.updated == 1)
    #expect(try await library.details(of: 2).rating == 5)
  }

  @Test func anUndoneImportPutsBackTheDigestOfTheBaseItPutsBack() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let old = try file((1...3).map { Self.row($0) })
    _ = try await importFile(old, into: library)
    let before = try digests(library)
    let new = try file([Self.row(1), Self.row(2, rating: 1), Self.row(3)])
    #expect(try await importFile(new, into: library).updated == 1)
    try await library.undo()
    #expect(try digests(library) == before)
    // Back on the old base, the new file's row is a change again, and the old file's is not.
    #expect(try await importFile(new, into: library).updated == 1)
    try await library.undo()
    #expect(try await importFile(old, into: library).unchanged == 3)
  }

  @Test func aDigestWorkedOutSinceIsNoChangeThatStopsAnUndo() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(try file((1...2).map { Self.row($0) }), into: library)
    #expect(
      try await importFile(try file([Self.row(1), Self.row(2, rating: 1)]), into: library)
        .updated == 1)
    // As a re-import after a change of the mapping leaves it: another digest, no record.
    let db = try SQLiteConnection(path: library.path, mode: .readWrite)
    try db.execute("UPDATE book_sources SET row_digest = '\(String(repeating: "0", count: 32))'")
    try await library.undo()
    #expect(try await library.details(of: 2).rating == 4)
  }

  @Test func aLinkWithoutADigestGetsOneFromARowThatSaysWhatItsBaseSays() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let path = try file((1...3).map { Self.row($0) })
    _ = try await importFile(path, into: library)
    // As a library made before digests, or a mapping since changed, leaves its links.
    let db = try SQLiteConnection(path: library.path, mode: .readWrite)
    try db.execute("UPDATE book_sources SET row_digest = NULL")
    let again = try await importFile(path, into: library)
    #expect(again.unchanged == 3)
    #expect(try digests(library).allSatisfy { $0 != nil })
    // The digests kept are the ones the rows are passed over by.
    let third = try await importFile(path, into: library)
    #expect(third.unchanged == 3 && !third.remarks.contains { $0.contains("poetry-someday") })
  }

  @Test func aRepeatedRowIsSkippedAsARepeatEvenWhenPassedOver() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(try file((1...2).map { Self.row($0) }), into: library)
    let again = try await importFile(
      try file([Self.row(1), Self.row(2), Self.row(1)]), into: library)
    #expect(again.unchanged == 2)
    #expect(again.skipped.map(\.line) == [4])
    #expect(again.skipped.first?.reason.contains("Goodreads id 1") == true)
  }

  @Test func theSameRowUnderAnotherHeaderIsReadAgain() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let rows = (1...3).map { Self.row($0) + [""] }
    _ = try await importFile(try file(rows, header: Self.header + ["Spare"]), into: library)
    // The same cells, but the last column now names something bookclub keeps.
    let again = try await importFile(
      try file(rows, header: Self.header + ["Binding"]), into: library)
    #expect(again.unchanged + again.updated == 3)
    #expect(again.remarks.contains { $0.contains("poetry-someday") })
    #expect(try digests(library).allSatisfy { $0 != nil })
  }

  /// What the mappers make of the sample exports. When this fails, a change maps rows to
  /// other bases: raise ``SourceRowDigest/mappingVersion`` so that libraries read their
  /// rows again, then record the new fingerprint here.
  @Test func theSampleExportsMapAsTheMappingVersionSays() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let files: [(ImportFormat, String)] = [
      (.goodreads, root.appendingPathComponent("sample-data/goodreads_library_export.csv").path),
      (.storygraph, root.appendingPathComponent("sample-data/storygraph_export.csv").path),
      (.hardcover, try write(ServiceFixtures.hardcoverCSV)),
      (.bookwyrm, try write(ServiceFixtures.bookwyrmCSV)),
      (
        .librarything,
        try write(ServiceFixtures.libraryThingTSV(ServiceFixtures.libraryThingRows))
      ),
      // The rows the files above lack: a rating refused, a custom shelf, an impossible date,
      // a row with no id, an author with a role and no name, a year from the publication.
      (.goodreads, try write(Self.goodreadsEdgeRows)),
      (.hardcover, try write(Self.hardcoverEdgeRows)),
      (.bookwyrm, try write(Self.bookwyrmEdgeRows)),
      (.librarything, try write(ServiceFixtures.libraryThingTSV(Self.libraryThingEdgeRows))),
    ]
    var fingerprint = ContentDigest.Builder()
    var books: [Int] = []
    for (format, path) in files {
      var source = try format.source(path: path)
      books.append(0)
      while let row = try source.next() {
        switch row {
        case .book(let book):
          fingerprint.add([book.sourceID, book.base.fieldsJSON])
          books[books.count - 1] += 1
        case .skip(let line, let reason): fingerprint.add(["skip \(line)", reason])
        default: Issue.record("\(format): a row that is no book")
        }
      }
    }
    // Every edge row is read as a book: none is passed over unseen.
    #expect(books.suffix(4) == [2, 2, 1, 1], "\(books)")
    #expect(SourceRowDigest.mappingVersion == 3)
    #expect(fingerprint.digest.hex == "eece530ce9ef56282355cd8cfa5865cb")
  }

  /// Goodreads rows at the mapping's edges, in the sample export's columns.
  static let goodreadsEdgeRows = csv(
    header: [
      "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13",
      "My Rating", "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
      "Original Publication Year", "Date Read", "Date Added", "Bookshelves",
      "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes",
      "Read Count", "Recommended For", "Recommended By", "Owned Copies",
      "Original Purchase Date", "Original Purchase Location", "Condition",
      "Condition Description", "BCID",
    ],
    rows: [
      [
        "Book Id": "3000001", "Title": "Seven Stars", "Author": "Ann Edge",
        "Additional Authors": "Bo Edge, Cy Edge", "My Rating": "7", "Date Read": "2024/02/30",
        "Date Added": "2024/01/01", "Bookshelves": "dnf", "Exclusive Shelf": "dnf",
        "Read Count": "2", "ISBN13": "=\"9780000000002\"",
      ],
      [
        "Title": "No Id Here", "Author": "Di Edge", "My Rating": "abc",
        "Date Added": "2024/13/01", "Bookshelves": "someday, owned",
        "Exclusive Shelf": "someday", "Number of Pages": "-5", "My Review": "<b>bold</b><br/>x",
      ],
    ])

  /// Hardcover rows at the mapping's edges.
  static let hardcoverEdgeRows =
    "Title,Author,Status,Hardcover Book ID,ISBN 13,Media,Pages,Duration in Seconds,Date Added,"
    + "Date Started,Date Finished,Rating,Review,Private Notes,Owned\r\n"
    + "Nameless,\"(Translator), Jo Edge\",Read,900001,,Book,abc,,2024-01-02,,2024-02-30,9,,,"
    + "maybe\r\n"
    + "Heard,\"Ed Edge (Narrator), Fay Edge\",Paused,900002,,Audio,,-1,2024-02-30,,,nan,,,\r\n"

  /// BookWyrm rows at the mapping's edges.
  static let bookwyrmEdgeRows =
    "title,author_text,remote_id,isbn_13,pages,start_date,finish_date,stopped_date,rating,"
    + "review_content,shelf,shelf_name,shelf_date\r\n"
    + "Odd One,\"Gil Edge, Hal Edge\",https://b.example/book/9,,0,2024-05-01,2024-04-01,,"
    + "abc,<p>a &amp; b</p>,read,Read,someday\r\n"

  /// LibraryThing rows at the mapping's edges: the year only in the publication, a rating
  /// out of range.
  static let libraryThingEdgeRows: [[String: String]] = [
    [
      "Book Id": "100000901", "Title": "Yearless", "Primary Author": "Edge, Ivy",
      "Publication": "Example House (1999), Paperback", "Rating": "11",
      "Collections": "On hold", "Date Read": "[2024-02-30]", "Entry Date": "[2024-13-01]",
    ]
  ]

  /// A CSV file of `rows` under `header`, a missing column an empty cell.
  static func csv(header: [String], rows: [[String: String]]) -> String {
    ([header] + rows.map { row in header.map { row[$0] ?? "" } })
      .map { CSVWriter.line($0) }.joined()
  }

  private func write(_ text: String) throws -> String {
    let path = folder.path("fixture-\(UUID().uuidString)")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }
}
