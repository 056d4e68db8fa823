import CSQLite
import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// Numbers a library can hold once another program has written it are brought within
/// bookclub's bounds where they are read, so nothing computed from them can trap.
@Suite struct StoredValueTests {
  let folder = TemporaryFolder()

  @Test func eachKindOfNumberIsBoundedOrUnknown() {
    #expect(StoredValue.pageCount(Int64.max) == nil)
    #expect(StoredValue.pageCount(0) == nil)
    #expect(StoredValue.pageCount(-1) == nil)
    #expect(StoredValue.pageCount(100_000) == 100_000)
    #expect(StoredValue.pageCount(nil) == nil)
    #expect(StoredValue.fraction(.nan) == 0)
    #expect(StoredValue.fraction(.infinity) == 1)
    #expect(StoredValue.fraction(-.infinity) == 0)
    #expect(StoredValue.fraction(1e308) == 1)
    #expect(StoredValue.fraction(0.25) == 0.25)
    #expect(StoredValue.rating(1e308) == nil)
    #expect(StoredValue.rating(0) == nil)
    #expect(StoredValue.rating(.nan) == nil)
    #expect(StoredValue.rating(4.5) == 4.5)
    #expect(
      InterchangeDate.format(milliseconds: StoredValue.date(milliseconds: .max).milliseconds)
        == "9999-12-31T23:59:59.999Z")
    #expect(
      InterchangeDate.format(milliseconds: StoredValue.date(milliseconds: .min).milliseconds)
        == "0000-01-01T00:00:00.000Z")
    #expect(StoredValue.within(StoredValue.years, Int64.min) == nil)
  }

  /// A library of two finished books and one being read, then edited past every bound.
  func hostileLibrary() async throws -> SQLiteLibrary {
    let path = folder.path("library.sqlite")
    let library = SQLiteLibrary(path: path)
    for title in ["Emma", "Dune", "Middlemarch"] {
      _ = try await library.add(NewBook(title: title, authors: ["Someone"], pageCount: 300))
    }
    let day = Date(milliseconds: 1_717_243_200_000)  // 2024-06-01 12:00 UTC
    for id: Int64 in [1, 2] {
      _ = try await library.setStatus(.finished, of: id, at: day, reread: nil)
    }
    _ = try await library.record(0.5, on: 3, at: day)
    try await library.setGoal(ReadingGoal(year: 2024, books: 2))
    try runSQL(
      path,
      """
      PRAGMA ignore_check_constraints = ON;
      UPDATE books SET page_count = 4611686018427387904, added_ms = 9223372036854775807,
        updated_ms = -9223372036854775808, rating = 1e308;
      UPDATE books SET page_count = 9223372036854775807 WHERE id = 3;
      UPDATE progress_entries SET progress = 9e999 WHERE book_id = 3;
      INSERT INTO progress_entries (id, book_id, progress, time_ms, kind)
        VALUES ('0BAD0000-0000-0000-0000-000000000000', 3, -9e999, 9223372036854775807,
          'progress');
      UPDATE book_details SET rating = 1e308, read_count = 9223372036854775807,
        publication_year = -9223372036854775808;
      INSERT INTO reading_goals (year, books, pages)
        VALUES (9223372036854775807, 9223372036854775807, 9223372036854775807);
      """)
    return library
  }

  @Test func booksEntriesAndDetailsReadBackWithinBounds() async throws {
    let library = try await hostileLibrary()
    let book = try #require(try await library.book(id: 3))
    #expect(book.pageCount == nil)
    #expect(InterchangeDate.format(milliseconds: book.dateAdded.milliseconds).hasPrefix("9999-"))
    #expect(InterchangeDate.format(milliseconds: book.dateUpdated.milliseconds).hasPrefix("0000-"))
    let progress = try await library.progress(of: 3)
    #expect(progress.entries.map(\.progress).allSatisfy { (0...1).contains($0) })
    let details = try await library.details(of: 1)
    #expect(details.rating == nil && details.readCount == nil && details.publicationYear == nil)
    #expect(progress.pace(pageCount: book.pageCount, status: book.status)?.estimatedFinish == nil)
    let page = try await library.page(PageQuery(limit: 10))
    #expect(page.books.compactMap(\.progress).allSatisfy { (0...1).contains($0) })
  }

  @Test func statsAndGoalsAddOnlyPageCountsInBounds() async throws {
    let library = try await hostileLibrary()
    for year in [2024, nil] {
      let stats = try await library.stats(year: year, zone: .utc)
      #expect(stats.booksFinished == 2)
      #expect(stats.pagesFinished == 0, "2^62 pages is no page count")
      #expect(stats.longest == nil)
      #expect(stats.averageRating == nil)
    }
    try runSQL(
      folder.path("library.sqlite"),
      "PRAGMA ignore_check_constraints = ON; UPDATE reading_goals SET books = -5 WHERE year = 2024")
    #expect(try await library.goals() == [ReadingGoal(year: 2024, books: 1)])
    let goal = try await library.goalProgress(
      year: 2024, today: CalendarDay(year: 2024, month: 7, day: 1)!)
    #expect(goal?.pagesFinished == 0)
  }

  @Test func aPaceSlowerThanTheCalendarGivesNoFinish() {
    let start = Date(milliseconds: 1_717_243_200_000)
    let entries = [
      ReadingProgress.Entry(progress: 0, time: start),
      ReadingProgress.Entry(progress: 1e-300, time: start.addingTimeInterval(86_400)),
    ]
    let pace = ReadingPace(positions: entries, pageCount: 300)
    #expect(pace != nil && pace?.estimatedFinish == nil)
  }

  @Test func aStatusBookclubDoesNotKnowIsReportedAndSettingOneReplacesIt() async throws {
    let path = folder.path("library.sqlite")
    let library = SQLiteLibrary(path: path)
    _ = try await library.add(NewBook(title: "Emma", authors: ["Jane Austen"]))
    try runSQL(
      path,
      "PRAGMA ignore_check_constraints = ON; UPDATE books SET status = 'lent-out' WHERE id = 1")
    #expect(try await library.book(id: 1)?.status == .wantToRead)
    let health = try await library.check()
    #expect(!health.isSound)
    #expect(health.problems.count == 1)
    #expect(health.problems.first?.detail.contains("book 1 has the status 'lent-out'") == true)
    #expect(health.problems.first?.fix != nil)
    #expect(try await library.hasKnownStatus(1) == false)
    _ = try await library.setStatus(.wantToRead, of: 1, at: Date(), reread: nil)
    #expect(try await library.hasKnownStatus(1))
    #expect(try await library.check().isSound)
  }

  @Test func namesWithNothingToSeeAreRefused() throws {
    for blank in ["\0\0", "\u{1}\u{2}", " \u{7F} ", "\u{200B}", "\u{202E}\u{2066}", "\u{85}"] {
      #expect(!blank.hasVisibleCharacters, "\(blank.unicodeScalars.map(\.value))")
      #expect(throws: BookValidationError.emptyTitle) {
        try NewBook(title: blank, authors: ["Jane Austen"])
      }
      #expect(throws: BookValidationError.noAuthor) { try NewBook(title: "Emma", authors: [blank]) }
    }
    for shown in ["Emma", "É", "😀", "a\u{1}", "\u{5D0}", "1984"] {
      #expect(shown.hasVisibleCharacters, "\(shown)")
    }
  }
}
