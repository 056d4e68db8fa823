import Foundation
import ReadingModel
import Testing

@testable import bookclub

/// `stats` and `goal` end to end, with the counts worked out from the file itself.
@Suite struct StatsCommandTests {
  let home = TestHome()
  static let sample = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-data/goodreads_library_export.csv").path

  @discardableResult
  func run(_ arguments: [String], status: Int32 = 0) async throws -> BookclubProcess.Result {
    let result = try await home.bookclub.run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    return result
  }

  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(arguments: [2024, 2025])
  func aYearOfAGoodreadsExportCountsItsDateReadRowsAndTheirPages(_ year: Int) async throws {
    // From the CSV: the rows whose Date Read is in the year, and their Number of Pages.
    var finished = 0
    var pages = 0
    var reader = try CSVReader(path: Self.sample)
    let header = try #require(try reader.next()).fields
    let dateRead = try #require(header.firstIndex(of: "Date Read"))
    let pageCount = try #require(header.firstIndex(of: "Number of Pages"))
    while let row = try reader.next()?.fields {
      guard row[dateRead].hasPrefix("\(year)/") else { continue }
      finished += 1
      pages += Int(row[pageCount]) ?? 0
    }
    #expect(finished > 0)

    try await run(["import", Self.sample])
    let stats = try object(try await run(["stats", "--year", String(year), "--json"]).stdout)
    #expect(stats["booksFinished"] as? Int == finished)
    #expect(stats["pagesFinished"] as? Int == pages)
    let months = try #require(stats["byMonth"] as? [[String: Any]])
    #expect(months.count == 12)
    #expect(months.compactMap { $0["books"] as? Int }.reduce(0, +) == finished)
    for key in [
      "averageRating", "longest", "shortest", "topAuthors", "topTags", "abandoned",
      "readingDays", "longestStreak", "year",
    ] {
      #expect(stats.keys.contains(key), "\(key)")
    }
  }

  @Test func aFinishedBookWithoutADateIsCountedApartAndARereadTwice() async throws {
    try await run(["add", "Emma", "--author", "Jane Austen", "--pages", "474"])
    try await run(["progress", "set", "Emma", "done", "--at", "2024-03-02"])
    try await run(["progress", "set", "Emma", "100", "--at", "2024-06-01", "--reread"])
    try await run(["progress", "set", "Emma", "done", "--at", "2024-07-09"])
    // Read, as Goodreads says, with no Date Read: finished, on no day.
    let csv = home.path("undated.csv")
    try """
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,Date Read,\
    Date Added,Bookshelves,Exclusive Shelf
    7,Undated,Someone,,,,0,100,,2020/01/01,,read

    """.write(toFile: csv, atomically: false, encoding: .utf8)
    try await run(["import", csv])
    let stats = try object(try await run(["stats", "--year", "2024", "--json"]).stdout)
    #expect(stats["booksFinished"] as? Int == 2)  // Emma, twice
    #expect(stats["pagesFinished"] as? Int == 948)
    #expect(stats["readingDays"] as? Int == 3)
    let all = try object(try await run(["stats", "--all-time", "--json"]).stdout)
    #expect(all["finishedDateUnknown"] as? Int == 1)
  }

  @Test func goalsAreSetShownClearedAndTravelWithTheExport() async throws {
    let year = GoalYear.current
    try await run(["add", "Emma", "--author", "Jane Austen", "--pages", "474"])
    try await run(["progress", "set", "Emma", "done"])
    let set = try await run(["goal", "set", String(year), "12", "--pages", "4000"])
    #expect(set.stdout.contains("Goal for \(year): 12 books and 4,000 pages."))
    let shown = try await run(["goal"]).stdout
    #expect(shown.contains("1 of 12 books"))
    #expect(shown.contains("a month to make it"))
    let json = try object(try await run(["goal", String(year), "--json"]).stdout)
    #expect(json["booksFinished"] as? Int == 1 && json["books"] as? Int == 12)
    #expect(try await run(["status"]).stdout.contains("\(year) goal: 1 of 12 books"))

    let backup = home.path("backup.json")
    try await run(["export", "--output", backup])
    let other = TestHome()
    let restored = try await other.bookclub.run(["import", backup])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try await other.bookclub.run(["goal"]).stdout.contains("1 of 12 books"))

    try await run(["goal", "clear"])
    let none = try await run(["goal"], status: 1)
    #expect(none.stderr.contains("bookclub goal set \(year)"))
    try await run(["goal", "set", "nineteen", "3"], status: 64)
  }
}

/// The charts and the calendar, drawn as text.
@Suite struct StatsChartTests {
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  let values = [2, 3, 0, 1, 4, 2, 5, 3, 1, 0, 2, 8]

  func chart(ascii: Bool = false) -> ColumnChart {
    ColumnChart(
      columns: zip(months, values).map { ColumnChart.Column(label: $0, value: $1) }, height: 4,
      ascii: ascii)
  }

  @Test func monthsFitEightyAndFortyColumnsWithTheirValuesOnTheBars() {
    let wide = chart().lines(width: 80)
    #expect(
      wide == [
        "                                                                    8",
        "                                      5                           █████",
        "        3                 4         ▄▄▄▄▄   3                     █████",
        "  2   ▄▄▄▄▄         1   █████   2   █████ ▄▄▄▄▄   1           2   █████",
        "█████ █████       ▄▄▄▄▄ █████ █████ █████ █████ ▄▄▄▄▄       █████ █████",
        " Jan   Feb   Mar   Apr   May   Jun   Jul   Aug   Sep   Oct   Nov   Dec",
      ])
    let narrow = chart().lines(width: 40)
    #expect(narrow.allSatisfy { $0.count <= 40 })
    #expect(narrow.last == "Ja Fe Ma Ap Ma Ju Ju Au Se Oc No De")
    #expect(narrow.first?.hasSuffix("8") == true)
    // Eighth blocks: 2 of 8 over four rows is a whole row; 1 is half of one.
    #expect(narrow.joined().contains("▄"))
  }

  @Test func asciiDrawsWholeRowsOfHashes() {
    let lines = chart(ascii: true).lines(width: 40)
    #expect(lines.allSatisfy { $0.allSatisfy(\.isASCII) })
    #expect(lines.joined().contains("##"))
  }

  @Test func aLeapYearCalendarHasTheTwentyNinthAndFiftyThreeWeeks() {
    let calendar = ReadingCalendar(
      year: 2024, pagesByDay: [CalendarDay(year: 2024, month: 2, day: 29)!: 40])
    let days = calendar.weeks.flatMap { $0 }.compactMap { $0 }
    #expect(days.count == 366)
    #expect(calendar.weeks.count == 53)
    // 2024 began on a Monday: the first column's Sunday is empty.
    #expect(calendar.weeks[0][0] == nil && calendar.weeks[0][1]?.day == 1)
    let lines = calendar.lines(width: 80)
    #expect(lines.count == 8)
    #expect(lines[0].hasPrefix("    Jan"))
    #expect(lines.joined().filter { $0 == "█" }.count == 1)  // the one reading day
    #expect(calendar.level(CalendarDay(year: 2024, month: 2, day: 29)!) == 4)
  }

  @Test func aYearStartingOnSundayBeginsAtTheTopLeftAndSplitsWhenNarrow() {
    let calendar = ReadingCalendar(year: 2023, pagesByDay: [:], ascii: true)
    #expect(calendar.weeks[0][0] == CalendarDay(year: 2023, month: 1, day: 1))
    #expect(calendar.weeks.count == 53)
    #expect(calendar.weeks.last?.first == CalendarDay(year: 2023, month: 12, day: 31))
    let narrow = calendar.lines(width: 40)
    #expect(narrow.count == 17)  // two halves of a month row and seven days, a blank between
    #expect(narrow.allSatisfy { $0.count <= 40 })
    #expect(narrow[1].hasPrefix("    ."))  // Sunday 1 January, no reading
  }
}
