import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// A rating cell that is no rating (`7`, `-1`, `four`) says nothing about the rating: the
/// book keeps its own, and the summary says why; it is never read as "unrated", which would
/// clear the library's rating at the next merge.
@Suite struct RatingCellTests {
  let folder = TemporaryFolder()

  @Test func aCellIsARatingNoneOrRefused() {
    let stored = { (text: String) in RatingCell(text, read: Rating.init(storedText:)) }
    #expect(stored("4.5") == .rated("4.5"))
    #expect(stored("") == .unrated)
    #expect(stored("0.00") == .unrated)
    #expect(stored("7") == .refused("7"))
    #expect(stored("-1") == .refused("-1"))
    #expect(stored("four") == .refused("four"))
    let stars = { (text: String) in RatingCell(text, read: Rating.init(wholeStarsText:)) }
    #expect(stars("0") == .unrated)
    #expect(stars("5") == .rated("5"))
    #expect(stars("4.5") == .refused("4.5"))
  }

  @Test func aRatingThatIsNoneLeavesTheBooksRatingAndIsRemarkedOn() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let goodreads = { (rating: String) in try folder.goodreadsRow(with: ["My Rating": rating]) }
    _ = try await library.importGoodreads(try goodreads("4"))
    let garbled = try await library.importGoodreads(try goodreads("7"))
    #expect(try await library.details(of: 1).rating == 4)
    #expect(garbled.updated == 0)
    #expect(
      garbled.remarks.contains {
        $0.hasPrefix("line 2: the rating '7' is no rating bookclub keeps")
      }, "\(garbled.remarks)")
    // A real "not rated" still clears it.
    let cleared = try await library.importGoodreads(try goodreads("0"))
    #expect(cleared.updated == 1)
    #expect(try await library.details(of: 1).rating == nil)
  }

  @Test func everyServiceFileLeavesARatingThatIsNoneUnread() throws {
    let hardcover = ServiceFixtures.hardcoverCSV.replacingOccurrences(
      of: ",4.5,Lovely", with: ",11,Lovely")
    let bookwyrm = ServiceFixtures.bookwyrmCSV.replacingOccurrences(
      of: ",4.50,Strange", with: ",-2,Strange")
    for (format, text) in [(ImportFormat.hardcover, hardcover), (.bookwyrm, bookwyrm)] {
      let (first, remarks) = try folder.firstBook(of: format, in: text)
      #expect(first?.fields.fields.contains(.rating) == false, "\(format)")
      #expect(remarks.contains { $0.contains("is no rating bookclub keeps") }, "\(format)")
    }
  }
}

/// What a service file names that bookclub has no place for is said, not dropped in
/// silence: a Hardcover author that is a role alone, BookWyrm's publishers after the first.
@Suite struct UnkeptServiceValueTests {
  let folder = TemporaryFolder()

  /// An Openreads book rated `tenths`, as read: its fields and the remarks made on it.
  static func openreads(rating tenths: Int64) -> (fields: BookFields?, remarks: [String]) {
    var remarks: [String] = []
    let row = OpenreadsBook.row(
      ["title": .string("T"), "author": .string("A"), "rating": .integer(tenths)], line: 3,
      place: "book 3 of books.backup", remarks: &remarks)
    guard case .book(let book) = row else { return (nil, remarks) }
    return (book.fields, remarks)
  }

  @Test func anOpenreadsRatingPastFiveStarsIsLeftOutAndRemarkedOn() {
    let past = Self.openreads(rating: 70)
    #expect(past.fields?.has(.rating) == false)
    #expect(
      past.remarks.first?.hasPrefix("book 3 of books.backup: the rating '70' is no rating") == true)
    let rated = Self.openreads(rating: 45)
    #expect(rated.fields?[.rating] == "4.5" && rated.remarks.isEmpty)
  }

  @Test func aHardcoverRoleWithoutANameIsRemarkedOn() {
    let people = HardcoverMapper.people("(Translator), Mara Quill, Tobias Fenn (Translator)")
    #expect(people.authors == ["Mara Quill"])
    #expect(people.others == ["Tobias Fenn (Translator)"])
    #expect(people.nameless == ["(Translator)"])
  }

  @Test func bookWyrmsPublishersAfterTheFirstAreNamedInARemark() throws {
    let json = ServiceFixtures.bookwyrmArchiveJSON.replacingOccurrences(
      of: #""publishers":["Example House"]"#,
      with: #""publishers":["Example House","","Second Press","Third Press"]"#)
    let path = folder.path("bookwyrm-\(UUID().uuidString).tar.gz")
    try Data(ServiceFixtures.bookwyrmAccountExport(json: json)).write(
      to: URL(fileURLWithPath: path))
    var source = try ImportFormat.bookwyrmAccount.source(path: path)
    var publishers: [String] = []
    while let row = try source.next() {
      if case .book(let book) = row, let publisher = book.fields[.publisher] {
        publishers.append(publisher)
      }
    }
    #expect(publishers.first == "Example House")
    #expect(
      source.remarks.contains {
        $0 == "book 1 of archive.json: the publisher is 'Example House'; "
          + "the others it names are not kept ('Second Press', 'Third Press')"
      }, "\(source.remarks)")
  }

  @Test func aLibraryThingYearGivenOnlyInPublicationIsKept() throws {
    let rows: [[String: String]] = [
      [
        "Book Id": "1", "Title": "Salt Road", "Primary Author": "Sample, B.",
        "Publication": "Example House (1979), Paperback", "Date": "",
      ],
      [
        "Book Id": "2", "Title": "Signal Harbor", "Primary Author": "Renn, Ada",
        "Publication": "Example House (1979)", "Date": "2001",
      ],
    ]
    let path = folder.path("librarything-\(UUID().uuidString).tsv")
    try ServiceFixtures.libraryThingTSV(rows).write(
      toFile: path, atomically: false, encoding: .utf8)
    var source = try ImportFormat.librarything.source(path: path)
    var years: [String?] = []
    while let row = try source.next() {
      if case .book(let book) = row { years.append(book.fields[.editionYear]) }
    }
    #expect(years == ["1979", "2001"])
  }
}
