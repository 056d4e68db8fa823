import Foundation
import Testing

/// Series (issue 28): a Goodreads export names them in its titles and an import keeps them
/// with the titles unchanged; `series` shows how far you are and the next book; `series
/// add`/`remove` set them through the writer (and undo takes them back); `list --series`
/// lists one in its order; `show` names them; hostile names and places are refused clearly.
@Suite struct SeriesCommandTests {
  let library = FirstWeekLibrary()

  /// Three books of one series (the first two read), a book in two series, one whose
  /// parentheses are no series, and one in none.
  static let goodreadsCSV = """
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,\
    Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count
    1,The Stone Sky (The Broken Earth #3),N.K. Jemisin,,,,0,416,,2024/01/03,,to-read,0
    2,"The Fifth Season (The Broken Earth, #1)",N.K. Jemisin,,,,5,468,2024/02/01,2024/01/01,,read,1
    3,"The Obelisk Gate (The Broken Earth, #2)",N.K. Jemisin,,,,4,410,2024/03/01,2024/01/02,,read,1
    4,"Equal Rites (Discworld, #3; Witches, #1)",Terry Pratchett,,,,0,272,,2024/01/04,,to-read,0
    5,Emma (Penguin Classics),Jane Austen,,,,0,474,,2024/01/05,,to-read,0
    6,Dune,Frank Herbert,,,,0,600,,2024/01/06,,to-read,0

    """

  func importFixture() async throws -> String {
    let path = library.home.path("goodreads_library_export.csv")
    try Self.goodreadsCSV.write(toFile: path, atomically: true, encoding: .utf8)
    try await library.run(["import", path])
    return path
  }

  func seriesJSON(_ arguments: [String] = []) async throws -> [[String: Any]] {
    let result = try await library.run(["series"] + arguments + ["--json"])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
      "\(result.stdout) \(result.stderr)")
  }

  @Test func aGoodreadsExportsSeriesAreKeptAndTheRoundTripIsUnchanged() async throws {
    let path = try await importFixture()
    let overview = try await library.run(["series"]).stdout
    #expect(
      overview == """
        Discworld         read 0 of 1  next: #3 Equal Rites (Discworld, #3; Witches, #1) (4)
        The Broken Earth  read 2 of 3  next: #3 The Stone Sky (The Broken Earth #3) (1)
        Witches           read 0 of 1  next: #1 Equal Rites (Discworld, #3; Witches, #1) (4)

        """, "\(overview)")
    let all = try await seriesJSON()
    let broken = try #require(all.first { $0["series"] as? String == "The Broken Earth" })
    #expect(broken["books"] as? Int == 3 && broken["finished"] as? Int == 2)
    #expect(broken["next"] as? Int == 1)
    let members = try #require(broken["members"] as? [[String: Any]])
    #expect(members.map { $0["position"] as? String } == ["1", "2", "3"])
    // Titles are kept exactly; `(Penguin Classics)` is no series.
    let emma = try await library.json(["show", "5"])
    #expect((emma["details"] as? [String: Any])?["series"] == nil)
    let fifth = try await library.json(["show", "2"])
    #expect(
      (fifth["book"] as? [String: Any])?["title"] as? String
        == "The Fifth Season (The Broken Earth, #1)", "\(fifth)")
    // Re-imported unchanged: nothing to do; exported, the titles are as they came.
    let again = try await library.json(["import", path])
    #expect(again["updated"] as? Int == 0 && again["unchanged"] as? Int == 6, "\(again)")
    let exported = try await library.run(["export", "--format", "goodreads"]).stdout
    #expect(exported.contains(",\"Equal Rites (Discworld, #3; Witches, #1)\","), "\(exported)")
    #expect(exported.contains(",The Stone Sky (The Broken Earth #3),"))
    // bookclub's own archive carries them, and a library made from it has them.
    let archive = try await library.run(["export"]).stdout
    #expect(
      archive.contains(
        #""series":[{"name":"Discworld","position":"3"},{"name":"Witches","position":"1"}]"#))
    let other = FirstWeekLibrary()
    let file = other.home.path("library.json")
    try archive.write(toFile: file, atomically: true, encoding: .utf8)
    try await other.run(["import", file])
    #expect(try await other.run(["series"]).stdout == overview)
  }

  @Test func oneSeriesIsListedInItsOrderAndShowNamesTheNextBook() async throws {
    _ = try await importFixture()
    let shown = try await library.run(["series", "the broken earth"]).stdout
    #expect(
      shown == """
        The Broken Earth: read 2 of 3
          #1  The Fifth Season (The Broken Earth, #1) (2)  finished
          #2  The Obelisk Gate (The Broken Earth, #2) (3)  finished
          #3  The Stone Sky (The Broken Earth #3) (1)      want to read  ← next

        """, "\(shown)")
    let listed = try await library.run(["list", "--series", "The Broken Earth", "--json"])
    let books = try #require(
      (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?[
        "books"] as? [[String: Any]])
    #expect(books.map { $0["id"] as? Int } == [2, 3, 1])
    #expect(try await library.json(["list", "--series", "the broken earth"])["total"] as? Int == 3)
    // Paged one at a time, the order holds across cursors.
    var ids: [Int] = []
    var after: String?
    repeat {
      let page = try await library.json(
        ["list", "--series", "The Broken Earth", "--limit", "1"]
          + (after.map { ["--after", $0] } ?? []))
      ids += ((page["books"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
      after = page["next"] as? String
    } while after != nil
    #expect(ids == [2, 3, 1])
    let show = try await library.run(["show", "2"]).stdout
    #expect(
      show.contains(
        "\nSeries    The Broken Earth #1 of 3 · next: #3 The Stone Sky (The Broken Earth #3) (1)\n"),
      "\(show)")
    let showJSON = try await library.json(["show", "4"])
    let places = try #require(showJSON["series"] as? [[String: Any]])
    #expect(places.map { $0["series"] as? String } == ["Discworld", "Witches"])
    #expect(places.map { $0["position"] as? String } == ["3", "1"])
    let unknown = try await library.run(["series", "Earthsea"], status: 1)
    #expect(
      unknown.stderr.contains("No book is in a series called 'Earthsea'"), "\(unknown.stderr)")
    let noSeries = try await library.run(["list", "--sort", "series"], status: 64)
    #expect(noSeries.stderr.contains("Sort by series with --series <name>"), "\(noSeries.stderr)")
  }

  @Test func seriesAddAndRemoveGoThroughTheWriterAndAreUndone() async throws {
    try await library.run(["add", "A Wizard of Earthsea", "--author", "Ursula K. Le Guin"])
    try await library.run(["add", "Tales from Earthsea", "--author", "Ursula K. Le Guin"])
    let added = try await library.run(["series", "add", "1", "Earthsea Cycle", "1"])
    #expect(added.stdout.contains("  series: (empty) → Earthsea Cycle #1\n"), "\(added.stdout)")
    try await library.run(["series", "add", "2", "earthsea cycle", "4.5"])
    // A second place in one series moves the book there.
    let moved = try await library.run(["series", "add", "2", "Earthsea Cycle", "5"])
    #expect(moved.stdout.contains("earthsea cycle #4.5 → Earthsea Cycle #5"), "\(moved.stdout)")
    #expect(try await seriesJSON(["Earthsea Cycle"]).first?["books"] as? Int == 2)
    try await library.run(["undo", "--force"])
    let members = try #require(
      try await seriesJSON(["Earthsea Cycle"]).first?["members"] as? [[String: Any]])
    #expect(members.map { $0["position"] as? String } == ["1", "4.5"])
    try await library.run(["series", "remove", "1", "EARTHSEA CYCLE"])
    #expect(try await seriesJSON(["Earthsea Cycle"]).first?["books"] as? Int == 1)
    let notIn = try await library.run(["series", "remove", "1", "Earthsea Cycle"], status: 1)
    #expect(
      notIn.stderr.contains("is not in 'Earthsea Cycle' (it is in no series)"), "\(notIn.stderr)")
    try await library.run(["undo", "--force"])
    #expect(try await seriesJSON(["Earthsea Cycle"]).first?["books"] as? Int == 2)
  }

  @Test func editSetsEveryPlaceAtOnceAndAnEmptyValueClearsThem() async throws {
    try await library.run(["add", "Equal Rites", "--author", "Terry Pratchett"])
    let set = try await library.run(
      ["edit", "1", "--series", "Discworld #3", "--series", "Witches  #1"])
    #expect(
      set.stdout.contains("  series: (empty) → Discworld #3, Witches #1\n"), "\(set.stdout)")
    #expect(try await seriesJSON().map { $0["series"] as? String } == ["Discworld", "Witches"])
    let wrong = try await library.run(["edit", "1", "--series", "Discworld #three"], status: 64)
    #expect(wrong.stderr.contains("Give the place after ' #' as a number"), "\(wrong.stderr)")
    try await library.run(["edit", "1", "--series", ""])
    #expect(try await seriesJSON().isEmpty)
    try await library.run(["undo", "--force"])
    #expect(try await seriesJSON().count == 2)
  }

  @Test func hostilePlacesAndNamesAreRefusedAndNothingIsPrintedRaw() async throws {
    try await library.run(["add", "Dune", "--author", "Frank Herbert"])
    for place in ["-1", "#-1", "1e9", "100000", "3-1", "one", "1.2.3"] {
      let refused = try await library.run(["series", "add", "1", "Dune", place], status: 64)
      #expect(refused.stderr.contains("is invalid for '<place>'"), "\(place): \(refused.stderr)")
    }
    let zero = try await library.run(["series", "add", "1", "Dune Saga", "#0"])
    #expect(zero.stdout.contains("Dune Saga #0"), "\(zero.stdout)")
    let long = String(repeating: "x", count: 10_000)
    let tooLong = try await library.run(["series", "add", "1", long, "1"], status: 64)
    #expect(tooLong.stderr.contains("at most 300 characters; this one has 10000"))
    #expect(tooLong.stderr.count < 1_000, "\(tooLong.stderr.count)")
    let escape = try await library.run(["series", "add", "1", "Evil\u{1B}[31m", "1"], status: 64)
    #expect(!escape.stderr.contains("\u{1B}"), "\(escape.stderr)")
    let endsInPlace = try await library.run(["series", "add", "1", "Room #9"], status: 64)
    #expect(endsInPlace.stderr.contains("give the place as a word of its own"))
    #expect(try await seriesJSON().map { $0["series"] as? String } == ["Dune Saga"])
  }
}
