import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// A date or page-count cell bookclub cannot read (`2024/02/30`, `-5`) says nothing about
/// its field: the book keeps what it has, and the summary says why; it is never read as
/// empty, which would clear the library's value at the next merge.
@Suite struct FieldCellTests {
  let folder = TemporaryFolder()

  @Test func aCellIsAValueNoneOrRefused() {
    #expect(FieldCell.day("2024/03/01") == .value("2024-03-01"))
    #expect(FieldCell.day(" 2024-03-01 ") == .value("2024-03-01"))
    #expect(FieldCell.day("") == .none)
    #expect(FieldCell.day("2024/02/30") == .refused("2024/02/30"))
    #expect(FieldCell.day("2024/13/01") == .refused("2024/13/01"))
    #expect(FieldCell.day("soon") == .refused("soon"))
    #expect(FieldCell.pageCount("412") == .value("412"))
    #expect(FieldCell.pageCount("0") == .none)
    #expect(FieldCell.pageCount("-5") == .refused("-5"))
    #expect(FieldCell.pageCount("many") == .refused("many"))
  }

  /// A Goodreads row with `pages`, `dateRead` and `dateAdded` as its cells.
  func goodreads(pages: String, dateRead: String, dateAdded: String) throws -> String {
    try folder.goodreadsRow(with: [
      "Number of Pages": pages, "Date Read": dateRead, "Date Added": dateAdded,
    ])
  }

  @Test func cellsThatCannotBeReadLeaveTheBookAsItIsAndAreRemarkedOn() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let importFile = { (path: String) in try await library.importGoodreads(path) }
    _ = try await importFile(
      try goodreads(pages: "200", dateRead: "2024/03/01", dateAdded: "2023/01/15"))
    let before = try #require(try await library.book(id: 1))
    let garbled = try await importFile(
      try goodreads(pages: "-5", dateRead: "2024/02/30", dateAdded: "2023/13/15"))
    #expect(garbled.updated == 0, "\(garbled.changes)")
    let after = try #require(try await library.book(id: 1))
    #expect(after.pageCount == 200 && after.dateAdded == before.dateAdded)
    #expect(
      try await library.details(of: 1).readings.map(\.end?.description) == ["2024-03-01"])
    for expected in [
      "line 2: the Number of Pages '-5' is no page count bookclub can read; the book keeps its page count",
      "line 2: the Date Read '2024/02/30' is no date bookclub can read; the book keeps its readings",
      "line 2: the Date Added '2023/13/15' is no date bookclub can read; the book keeps the day it was added",
    ] {
      #expect(garbled.remarks.contains(expected), "\(garbled.remarks)")
    }
    // Cells that are empty still say "none": the page count is cleared.
    let cleared = try await importFile(
      try goodreads(pages: "", dateRead: "2024/03/01", dateAdded: "2023/01/15"))
    #expect(cleared.updated == 1)
    #expect(try await library.book(id: 1)?.pageCount == nil)
  }

  /// Every service's "date added" that is no date is left out of its row, and said.
  @Test func everyServiceFileLeavesADateAddedThatIsNoneUnread() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let storygraph = try String(
      contentsOfFile: root.appendingPathComponent("sample-data/storygraph_export.csv").path,
      encoding: .utf8
    ).replacingOccurrences(of: ",to-read,2024/01/15,", with: ",to-read,2024/02/30,")
    let hardcover = ServiceFixtures.hardcoverCSV.replacingOccurrences(
      of: "Winter Reads (#3)\",2024-01-02,", with: "Winter Reads (#3)\",soon,")
    let bookwyrm = ServiceFixtures.bookwyrmCSV.replacingOccurrences(
      of: ",read,Read,2024-01-02", with: ",read,Read,2024-99-02")
    var rows = ServiceFixtures.libraryThingRows
    rows[0]["Entry Date"] = "[2023-12-32]"
    let cases: [(ImportFormat, String, String)] = [
      (.storygraph, storygraph, "the Date Added '2024/02/30'"),
      (.hardcover, hardcover, "the Date Added 'soon'"),
      (.bookwyrm, bookwyrm, "the shelf_date '2024-99-02'"),
      (.librarything, ServiceFixtures.libraryThingTSV(rows), "the Entry Date '2023-12-32'"),
    ]
    try expectFirstBooks(cases, leaveOut: .dateAdded, saying: " is no date bookclub can read")
  }

  /// Every service's page count that is no count is left out of its row, and said: read as
  /// none, it cleared the book's page count at the next merge, without a word.
  @Test func everyServiceFileLeavesAPageCountThatIsNoneUnread() throws {
    let hardcover = ServiceFixtures.hardcoverCSV.replacingOccurrences(
      of: ",412,,2019-03-05,", with: ",many,,2019-03-05,"
    ).replacingOccurrences(of: ",36000,", with: ",ten hours,")
    let bookwyrm = ServiceFixtures.bookwyrmCSV.replacingOccurrences(
      of: ",9780441478125,,412,", with: ",9780441478125,,-3,")
    var rows = ServiceFixtures.libraryThingRows
    rows[0]["Page Count"] = "412 p."
    let cases: [(ImportFormat, String, String)] = [
      (.hardcover, hardcover, "the Pages 'many'"),
      (.bookwyrm, bookwyrm, "the pages '-3'"),
      (.librarything, ServiceFixtures.libraryThingTSV(rows), "the Page Count '412 p.'"),
    ]
    try expectFirstBooks(
      cases, leaveOut: .pageCount,
      saying: " is no page count bookclub can read; the book keeps its page count")
    let (_, remarks) = try folder.firstBook(of: .hardcover, in: hardcover)
    #expect(
      remarks.contains {
        $0.contains("line 3: the Duration in Seconds 'ten hours' is no length in seconds")
      }, "\(remarks)")
    // Empty, or 0, is none: the row says the book has no page count.
    let none = try folder.firstBook(
      of: .hardcover,
      in: ServiceFixtures.hardcoverCSV.replacingOccurrences(
        of: ",412,,2019-03-05,", with: ",0,,2019-03-05,"))
    #expect(none.book?.fields[.pageCount] == "")
    #expect(!none.remarks.contains { $0.contains("page count") })
  }

  /// A reading's day that is no day leaves the row's readings out, and is said: read without
  /// it, a finished reading would come in as one going on, or not at all.
  @Test func everyServiceFileLeavesReadingsWithADayThatIsNoneUnread() throws {
    let hardcover = ServiceFixtures.hardcoverCSV.replacingOccurrences(
      of: "\"2024-02-10,2025-02-20\"", with: "\"2024-02-10,2025-02-31\"")
    let bookwyrm = ServiceFixtures.bookwyrmCSV.replacingOccurrences(
      of: ",2024-01-05,2024-02-10,", with: ",2024-01-05,last week,")
    var rows = ServiceFixtures.libraryThingRows
    rows[0]["Date Read"] = "[2024-02-31]"
    let storygraph =
      "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,"
      + "Dates Read,Read Count,Star Rating\n"
      + "Ranged,Ann Edge,,,digital,read,2024/01/15,,2024/01/02-2024/02/30,1,\n"
    let cases: [(ImportFormat, String, String)] = [
      (.hardcover, hardcover, "the Date Finished '2025-02-31'"),
      (.bookwyrm, bookwyrm, "the finish_date 'last week'"),
      (.librarything, ServiceFixtures.libraryThingTSV(rows), "the Date Read '2024-02-31'"),
      (.storygraph, storygraph, "the Dates Read '2024/02/30'"),
    ]
    try expectFirstBooks(
      cases, leaveOut: .readings,
      saying: " is no date bookclub can read; the book keeps its readings")
    // StoryGraph's last date read counts only where its dates read say nothing.
    let lastUnused = try folder.firstBook(
      of: .storygraph,
      in: storygraph.replacingOccurrences(
        of: ",2024/01/15,,2024/01/02-2024/02/30,", with: ",2024/01/15,soon,2024/01/02-2024/02/03,"))
    #expect(lastUnused.book?.fields.list(.readings).count == 1, "\(lastUnused.remarks)")
    #expect(!lastUnused.remarks.contains { $0.contains("is no date") })
    // LibraryThing's status comes from the dates when no collection names one: they say
    // nothing now, so neither does the status (read from the start alone, it was reading).
    let lt = try folder.firstBook(of: .librarything, in: ServiceFixtures.libraryThingTSV(rows))
    #expect(lt.book?.fields[.status] == nil, "\(String(describing: lt.book?.fields[.status]))")
  }

  /// Reads the first book of each case's file (its format, its text, the cell as a remark
  /// names it) and expects `field` left out of it, and a remark on the cell ending `words`.
  private func expectFirstBooks(
    _ cases: [(ImportFormat, String, String)], leaveOut field: BookField, saying words: String
  ) throws {
    for (format, text, said) in cases {
      let (first, remarks) = try folder.firstBook(of: format, in: text)
      #expect(first != nil, "\(format)")
      #expect(first?.fields.fields.contains(field) == false, "\(format)")
      #expect(remarks.contains { $0.contains(said + words) }, "\(format): \(remarks)")
    }
  }
}
