import Foundation
import Testing

@testable import ReadingModel

/// Places in series (issue 28): what a place and a name may be, what a Goodreads title
/// names, how a series orders and picks its next book, and the migration that reads the
/// series of titles imported before it.
@Suite struct SeriesTests {
  let folder = TemporaryFolder()

  @Test func placesAreNumbersRangesAndPrequelsAndNothingElse() {
    let read = { (text: String) in SeriesPosition(text)?.description }
    #expect(read("1") == "1")
    #expect(read("#1.5") == "1.5")
    #expect(read(" 01 ") == "1")
    #expect(read("0") == "0")
    #expect(read("1-3") == "1-3")
    #expect(read("1–3") == "1-3")
    #expect(read("99999") == "99999")
    for refused in [
      "", "#", "-1", "#-1", "1e9", "100000", "3-1", "one", "1.2.3", "1.", ".5", "1-2-3", "1.2345",
      "٣",
    ] {
      #expect(read(refused) == nil, "\(refused)")
    }
    #expect(SeriesPosition("1")! < SeriesPosition("1-3")!)
    #expect(SeriesPosition("1-3")! < SeriesPosition("1.5")!)
    #expect(SeriesPosition("1.5")! < SeriesPosition("2")!)
  }

  @Test func goodreadsTitlesNameTheirSeriesAndOtherParenthesesAreNone() {
    let places = { (title: String) in SeriesPlace.places(inTitle: title).map(\.text) }
    #expect(places("The Fifth Season (The Broken Earth, #1)") == ["The Broken Earth #1"])
    #expect(places("The Stone Sky (The Broken Earth #3)") == ["The Broken Earth #3"])
    #expect(places("Equal Rites (Discworld, #3; Witches, #1)") == ["Discworld #3", "Witches #1"])
    #expect(places("Edgedancer (The Stormlight Archive, #2.5)") == ["The Stormlight Archive #2.5"])
    #expect(
      places("The Lord of the Rings (The Lord of the Rings, #1-3)") == [
        "The Lord of the Rings #1-3"
      ])
    #expect(places("Emma (Penguin Classics)").isEmpty)
    #expect(places("(The Broken Earth, #1)").isEmpty)  // no title before it
    #expect(places("Dune").isEmpty)
    #expect(places("Title (Series, #1) extra").isEmpty)
    #expect(places("Title (Series, #1e9)").isEmpty)
    #expect(places("Title (Series, #1; Other)").isEmpty)  // every part must have a place
    #expect(places("Title (\(String(repeating: "x", count: 400)), #1)").isEmpty)
  }

  @Test func namesAreOneLineOfVisibleTextAndTheStoredFormReadsBack() throws {
    #expect(throws: SeriesError.emptyName) { try SeriesPlace(name: " \u{200B} ", position: nil) }
    #expect(throws: SeriesError.nameTooLong(301)) {
      try SeriesPlace(name: String(repeating: "x", count: 301), position: nil)
    }
    #expect(throws: SeriesError.controlCharacters) {
      try SeriesPlace(name: "Evil\u{1B}[31m", position: nil)
    }
    #expect(throws: SeriesError.nameEndsInPlace) { try SeriesPlace(name: "Room #9", position: nil) }
    let spaced = try SeriesPlace(name: "  The   Broken\nEarth ", position: SeriesPosition("2"))
    #expect(spaced.text == "The Broken Earth #2")
    for text in ["The Broken Earth #2", "Discworld", "C# in Depth", "Room 9 #1-3", "#1 Ladies #4"] {
      #expect(SeriesPlace(text: text)?.text == text, "\(text)")
    }
    #expect(SeriesPlace(text: "C# in Depth")?.position == nil)
  }

  @Test func namesOfPlainASCIIAreCheckedByTheirBytesAndAgreeWithTheCharacterChecks() throws {
    #expect(
      try SeriesPlace(name: String(repeating: "x", count: 300), position: nil).name.count == 300)
    #expect(
      try SeriesPlace(name: String(repeating: "é", count: 300), position: nil).name.count == 300)
    #expect(throws: SeriesError.nameTooLong(301)) {
      try SeriesPlace(name: String(repeating: "é", count: 301), position: nil)
    }
    #expect(throws: SeriesError.controlCharacters) {
      try SeriesPlace(name: "Del\u{7F}", position: nil)
    }
    #expect(throws: SeriesError.emptyName) { try SeriesPlace(name: "", position: nil) }
    let spellings = [
      ("A B", "A B"), ("A  B", "A B"), (" A B", "A B"), ("A B ", "A B"), ("A\tB", "A B"),
      ("A\u{A0}B", "A B"), ("Élan Vital", "Élan Vital"),
    ]
    for (given, stored) in spellings {
      #expect(try SeriesPlace(name: given, position: nil).name == stored, "\(given)")
    }
  }

  @Test func aNameLosesItsCommasAndANameWithoutOneIsOnlyTrimmed() {
    #expect(withoutCommas("James Wesley, Rawles") == "James Wesley Rawles")
    #expect(withoutCommas(" Ursula K. Le Guin\u{A0}") == "Ursula K. Le Guin")
    #expect(withoutCommas("Ursula  K. Le Guin") == "Ursula  K. Le Guin")
    #expect(withoutCommas(" , ") == "")
    #expect(withoutCommas("\u{2003}") == "")
  }

  @Test func aSeriesIsOrderedByPlaceAndItsNextBookFollowsTheLastFinished() {
    func member(_ id: Book.ID, _ place: String?, _ status: ReadingStatus) -> Series.Member {
      Series.Member(
        book: Book(
          id: id, title: "Book \(id)", authors: ["A"], status: status, dateAdded: Date(),
          dateUpdated: Date()),
        position: place.flatMap(SeriesPosition.init))
    }
    let ordered = Series.ordered([
      member(1, nil, .wantToRead), member(2, "3", .wantToRead), member(3, "1", .finished),
      member(4, "2", .abandoned), member(5, "1.5", .wantToRead),
    ])
    #expect(ordered.map(\.book.id) == [3, 5, 4, 2, 1])
    var series = Series(name: "S", members: ordered)
    #expect(series.finished == 1)
    #expect(series.next?.book.id == 5)
    // Read from the third on: the next is after it, not back at the start.
    series.members[3].book.status = .finished
    #expect(series.next?.book.id == 1)
    series.members[1].book.status = .reading
    #expect(series.next?.book.id == 5)
    for index in series.members.indices { series.members[index].book.status = .finished }
    #expect(series.next == nil)
  }

  /// A Goodreads export of one book in a series, with `title` in its title cell.
  func goodreadsFile(_ name: String, title: String) throws -> String {
    let path = folder.path(name)
    try """
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count
    7,"\(title)",N.K. Jemisin,,,,0,468,,2024/01/01,,to-read,0

    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aPlaceMovedAtTheSourceFollowsAndOneMovedHereStays() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await importFile(
      try goodreadsFile("a.csv", title: "The Fifth Season (The Broken Earth, #1)"), into: library)
    #expect(try await library.details(of: 1).series.map(\.text) == ["The Broken Earth #1"])
    // Goodreads renumbers the book: the library follows.
    let moved = try await importFile(
      try goodreadsFile("b.csv", title: "The Fifth Season (The Broken Earth, #0)"), into: library)
    #expect(moved.updated == 1)
    #expect(try await library.details(of: 1).series.map(\.text) == ["The Broken Earth #0"])
    // Moved here, then the same file again: what was changed here stays.
    _ = try await library.apply(
      .edit(
        1,
        .series(adding: [try SeriesPlace(name: "The Broken Earth", position: SeriesPosition("5"))]))
    )
    let again = try await importFile(folder.path("b.csv"), into: library)
    #expect(again.updated == 0)
    #expect(try await library.details(of: 1).series.map(\.text) == ["The Broken Earth #5"])
  }

  @Test func theMigrationReadsTheSeriesOfTitlesImportedBeforeIt() async throws {
    let path = folder.path("old.sqlite")
    let library = SQLiteLibrary(path: path)
    _ = try await importFile(
      try goodreadsFile("a.csv", title: "Equal Rites (Discworld, #3; Witches, #1)"), into: library)
    _ = try await library.apply(.addBook(try NewBook(title: "Notes (Vol, #2)", authors: ["Me"])))
    // Back to the library as the build before the migration left it.
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    try connection.writeTransaction {
      try connection.execute(
        """
        DELETE FROM schema_migrations WHERE name = 'series';
        DROP TABLE book_series;
        ALTER TABLE book_details DROP COLUMN series;
        """)
    }
    let reopened = SQLiteLibrary(path: path)
    #expect(try await reopened.details(of: 1).series.map(\.text) == ["Discworld #3", "Witches #1"])
    // A title typed by hand is what its reader typed: no series is read off it.
    #expect(try await reopened.details(of: 2).series.isEmpty)
    #expect(try await reopened.series(named: "witches")?.members.map(\.book.id) == [1])
  }
}
