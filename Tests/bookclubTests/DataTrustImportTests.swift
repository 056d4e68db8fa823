import CSQLite
import Foundation
import ReadingModel
import Testing

/// Imports that swallow no change a source made, merge no row away, erase no reading and
/// give every cell back: the cases strangers' real exports showed, in files of their shape.
@Suite struct DataTrustImportTests: LibraryCommandSuite {
  let home = TestHome()

  /// Writes `rows` under `header` as a CSV file and returns its path.
  func file(_ name: String, header: [String], rows: [[String: String]]) throws -> String {
    let path = home.path(name)
    let lines = [header] + rows.map { row in header.map { row[$0] ?? "" } }
    try lines.map(CSVWriter.line).joined().write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// A Goodreads export of `rows`, each a few columns; the rest empty.
  func goodreads(_ name: String, _ rows: [[String: String]]) throws -> String {
    try file(
      name, header: GoodreadsExport.header,
      rows: rows.map { ["Exclusive Shelf": "read", "My Rating": "0"].merging($0) { $1 } })
  }

  /// A StoryGraph export of `rows`.
  func storygraph(_ name: String, _ rows: [[String: String]]) throws -> String {
    try file(
      name, header: StoryGraphExport.header,
      rows: rows.map { ["Read Status": "read", "Date Added": "2023/01/02"].merging($0) { $1 } })
  }

  func details(_ book: String) async throws -> [String: Any] {
    try await json(["show", book])["details"] as? [String: Any] ?? [:]
  }

  /// Every book's title, as `list --all --json` gives them.
  func titles() async throws -> [String] {
    let books = try await json(["list", "--all"])["books"] as? [[String: Any]] ?? []
    return books.compactMap { $0["title"] as? String }.sorted()
  }

  // MARK: - Ratings

  @Test func aStoryGraphRatingChangedFromAFractionIsApplied() async throws {
    let row = ["Title": "Piranesi", "Authors": "Susanna Clarke", "ISBN/UID": "9781635575637"]
    try await run(["import", try storygraph("a.csv", [row.merging(["Star Rating": "4.5"]) { $1 }])])
    let changed = try storygraph("b.csv", [row.merging(["Star Rating": "1.0"]) { $1 }])
    let summary = try await json(["import", changed])
    #expect(summary["updated"] as? Int == 1)
    #expect(try await details("piranesi")["rating"] as? Double == 1)
    // The base moved on with the applied value: the same file again changes nothing.
    let again = try await json(["import", changed])
    #expect(again["unchanged"] as? Int == 1)
    #expect((again["conflicts"] as? [Any])?.isEmpty == true)
  }

  @Test func aGoodreadsRatingChangeOverAFractionRatedHereIsAConflict() async throws {
    let row = ["Book Id": "68428", "Title": "Emma", "Author": "Jane Austen"]
    try await run(["import", try goodreads("a.csv", [row.merging(["My Rating": "3"]) { $1 }])])
    #expect(try await run(["rate", "emma", "2.5"]).status == 0)
    let five = try goodreads("b.csv", [row.merging(["My Rating": "5"]) { $1 }])
    let summary = try await json(["import", five])
    let conflicts = summary["conflicts"] as? [[String: Any]] ?? []
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["field"] as? String == "rating")
    #expect(try await details("emma")["rating"] as? Double == 2.5)
    _ = try await json(["import", five, "--prefer", "source"])
    #expect(try await details("emma")["rating"] as? Double == 5)
    // A change to another value over a fraction rated here is a change: --prefer source
    // takes it.
    #expect(try await run(["rate", "emma", "4.75"]).status == 0)
    let four = try goodreads("c.csv", [row.merging(["My Rating": "4"]) { $1 }])
    _ = try await json(["import", four, "--prefer", "source"])
    #expect(try await details("emma")["rating"] as? Double == 4)
    // Goodreads moving to 5, the rounding of a 4.75 rated here, says the same: the fraction
    // stays, with no conflict.
    #expect(try await run(["rate", "emma", "4.75"]).status == 0)
    let rounded = try await json(["import", five])
    #expect(rounded["updated"] as? Int == 0)
    #expect((rounded["conflicts"] as? [Any])?.isEmpty == true)
    #expect(try await details("emma")["rating"] as? Double == 4.75)
  }

  // MARK: - Rows without ids

  @Test func goodreadsRowsWithoutABookIdAreEachABook() async throws {
    let author = ["Author": "Shirtaloon"]
    let path = try goodreads(
      "no-ids.csv",
      [
        ["Title": "Azarinth Healer: Book One", "Date Added": "2023/01/01"],
        ["Title": "Azarinth Healer: Book Two", "Date Added": "2023/01/02"],
        // One title, two editions told apart by their ISBNs.
        ["Title": "He Who Fights", "ISBN13": "=\"9781039400016\"", "Date Added": "2023/01/03"],
        ["Title": "He Who Fights", "ISBN13": "=\"9781039400023\"", "Date Added": "2023/01/03"],
        // One title, no ISBN, but the file keeps them apart.
        ["Title": "Beware of Chicken", "Date Added": "2023/01/04", "My Rating": "4"],
        ["Title": "Beware of Chicken", "Date Added": "2023/01/05", "My Rating": "5"],
        // The same row twice is one book.
        ["Title": "Defiance of the Fall", "Date Added": "2023/01/06"],
        ["Title": "Defiance of the Fall", "Date Added": "2023/01/06"],
      ].map { $0.merging(author) { $1 } })
    let first = try await json(["import", path])
    #expect(first["added"] as? Int == 7)
    let skipped = first["skipped"] as? [[String: Any]] ?? []
    #expect(skipped.map { $0["line"] as? Int } == [9])
    #expect((skipped.first?["reason"] as? String)?.contains("repeats line 8 exactly") == true)
    #expect(try await titles().count == 7)
    let again = try await json(["import", path])
    #expect(again["added"] as? Int == 0)
    #expect(again["updated"] as? Int == 0)
    #expect(again["unchanged"] as? Int == 7)
    // A stand-in is not Goodreads' id: the export writes none.
    let export = try await run(["export", "--format", "goodreads"]).stdout
    #expect(!export.contains("isbn:") && !export.contains("title:"))
  }

  @Test func aLibraryFromBeforeStandInsByISBNFindsItsBooksAgain() async throws {
    let path = try goodreads(
      "old.csv",
      [
        ["Title": "Dune", "Author": "Frank Herbert", "ISBN13": "=\"9780441172719\""],
        ["Title": "Piranesi: A Novel", "Author": "Susanna Clarke"],
      ])
    try await run(["import", path])
    // Earlier libraries named such rows by the title without its subtitle.
    var handle: OpaquePointer?
    #expect(sqlite3_open(library, &handle) == SQLITE_OK)
    let update = """
      UPDATE book_sources SET source_id = CASE book_id
        WHEN 1 THEN 'title:dune/frankherbert' ELSE 'title:piranesi/susannaclarke' END
      """
    #expect(sqlite3_exec(handle, update, nil, nil, nil) == SQLITE_OK)
    sqlite3_close(handle)
    let again = try await json(["import", path])
    #expect(again["added"] as? Int == 0)
    #expect(again["unchanged"] as? Int == 2)
    #expect(try await titles() == ["Dune", "Piranesi: A Novel"])
  }

  @Test func storyGraphRowsWithoutAnIdShareNoBook() async throws {
    let path = try storygraph(
      "no-ids.csv",
      [
        ["Title": "Azarinth Healer: Book One", "Authors": "Shirtaloon"],
        ["Title": "Azarinth Healer: Book Two", "Authors": "Shirtaloon"],
      ])
    let first = try await json(["import", path])
    #expect(first["added"] as? Int == 2)
    #expect(try await titles() == ["Azarinth Healer: Book One", "Azarinth Healer: Book Two"])
    let again = try await json(["import", path])
    #expect(again["unchanged"] as? Int == 2)
  }

  @Test func aStoryGraphLibraryExportedAsGoodreadsComesBackWhole() async throws {
    let path = try storygraph(
      "sg.csv",
      [
        ["Title": "The Way of Kings", "Authors": "Brandon Sanderson", "ISBN/UID": "9780765326355"],
        ["Title": "The Way of Kings", "Authors": "Brandon Sanderson", "ISBN/UID": "9780765376671"],
      ])
    try await run(["import", path])
    let exported = home.path("gr.csv")
    try await run(["export", "--format", "goodreads", "-o", exported])
    let fresh = home.path("fresh.sqlite")
    let summary = try await json(["import", exported], library: fresh)
    #expect(summary["added"] as? Int == 2)
    #expect((summary["skipped"] as? [Any])?.isEmpty == true)
  }

  @Test func twoRowsWithDifferentIdsAndOneISBNAreRemarkedOn() async throws {
    let path = try goodreads(
      "pair.csv",
      [
        [
          "Book Id": "11", "Title": "Dune", "Author": "Frank Herbert",
          "ISBN13": "=\"9780441172719\"",
        ],
        [
          "Book Id": "12", "Title": "Dune", "Author": "Frank Herbert",
          "ISBN13": "=\"9780441172719\"",
        ],
      ])
    let summary = try await json(["import", path])
    #expect(summary["added"] as? Int == 2)
    let remarks = summary["remarks"] as? [String] ?? []
    #expect(
      remarks.contains(
        "line 3: added as a new book; same ISBN as #1, which is Goodreads book 11; another "
          + "edition of it? bookclub edition link 1 2"),
      "\(remarks)")
  }

  // MARK: - Readings

  @Test func aGoodreadsReReadKeepsTheEarlierFinish() async throws {
    let row = ["Book Id": "2767052", "Title": "The Hunger Games", "Author": "Suzanne Collins"]
    let once = row.merging(["Date Read": "2021/03/01", "Read Count": "1"]) { $1 }
    try await run(["import", try goodreads("a.csv", [once])])
    let twice = row.merging(["Date Read": "2024/05/01", "Read Count": "2"]) { $1 }
    let summary = try await json(["import", try goodreads("b.csv", [twice])])
    #expect(summary["updated"] as? Int == 1)
    let readings = try await details("hunger")["readings"] as? [[String: Any]] ?? []
    #expect(readings.compactMap { $0["end"] as? String } == ["2021-03-01", "2024-05-01"])
    let stats = try await json(["stats", "--year", "2021"])
    #expect(stats["booksFinished"] as? Int == 1, "\(stats)")
    // A corrected Date Read of a book read once moves the one reading.
    let corrected = try goodreads(
      "c.csv", [row.merging(["Date Read": "2024/05/02", "Read Count": "1"]) { $1 }])
    try await run(["import", corrected])
    let after = try await details("hunger")["readings"] as? [[String: Any]] ?? []
    #expect(after.compactMap { $0["end"] as? String } == ["2021-03-01", "2024-05-02"])
  }

  // MARK: - Cells back exactly

  @Test func cellsComeBackFromTheGoodreadsExportByteForByte() async throws {
    let row = [
      "Book Id": "5107", "Title": "The  Catcher in the Rye", "Author": "J.D. Salinger",
      "Publisher": "Vintage Books ", "My Review": "Loved it.  ", "Binding": " Paperback",
    ]
    let path = try goodreads("spaces.csv", [row])
    try await run(["import", path])
    let exported = try await run(["export", "--format", "goodreads"]).stdout
    var reader = CSVReader(text: exported)
    let header = try #require(try reader.next()).fields
    let fields = try #require(try reader.next()).fields
    for column in ["Title", "Publisher", "My Review", "Binding"] {
      let index = try #require(header.firstIndex(of: column))
      #expect(fields[index] == row[column], "\(column)")
    }
  }
}
