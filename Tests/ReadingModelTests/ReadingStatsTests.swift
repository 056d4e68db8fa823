import Foundation
import Testing

@testable import ReadingModel

/// Stats count readings kept in rows of their own: filled from the details of a library
/// from before them, and kept in step by every write of a book's details.
@Suite struct ReadingStatsTests {
  let folder = TemporaryFolder()

  @Test func readingsOfALibraryFromBeforeAreCountedOnceItOpens() async throws {
    let path = folder.path("old.sqlite")
    let before = try #require(
      Schema.migrations.firstIndex { $0.sql == Schema.readingsAndGoals.sql })
    var sql = Schema.migrations.prefix(before).map(\.sql).joined(separator: ";\n")
    sql += ";\nINSERT INTO schema_migrations VALUES "
    sql += (1...before).map { "(\($0), 0)" }.joined(separator: ", ") + ";"
    sql += "PRAGMA application_id = \(Schema.applicationID);"
    sql += """
      INSERT INTO books (id, title, authors, status, added_ms, updated_ms, title_key,
        author_key, search_text, page_count) VALUES (1, 'Emma', 'Jane Austen', 'finished', 0, 0,
        'emma', 'jane austen', 'emma jane austen', 474);
      INSERT INTO book_details (book_id, readings) VALUES (1, '2024-01-02/2024-02-03' || char(10)
        || '/2024-05-06' || char(10) || '2024-07-01/2024-07-09/abandoned');
      """
    try SQLiteConnection(path: path, mode: .create).execute(sql)

    let stats = try await SQLiteLibrary(path: path).stats(year: 2024)
    #expect(stats.booksFinished == 2)  // read twice in 2024
    #expect(stats.pagesFinished == 948)
    #expect(stats.abandoned == 1)
    #expect(stats.averageDaysToFinish == 32)
    #expect(stats.byMonth[1].books == 1 && stats.byMonth[4].books == 1)
    #expect(try await SQLiteLibrary(path: path).stats(year: 2023).booksFinished == 0)
  }

  @Test func aStatusChangeKeepsTheReadingRowsInStep() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let book = try await library.add(try NewBook(title: "Emma", authors: ["Jane Austen"]))
    let day = CalendarDay(year: 2025, month: 3, day: 4)!
    _ = try await library.setStatus(.finished, of: book.id, at: day.startInUTC, reread: nil)
    #expect(
      try await library.stats(year: 2025, zone: TimeZoneRules.utc).booksFinished == 1)
    _ = try await library.setStatus(.reading, of: book.id, at: day.startInUTC, reread: .reread)
    _ = try await library.setStatus(
      .finished, of: book.id, at: CalendarDay(year: 2025, month: 4, day: 1)!.startInUTC,
      reread: nil)
    let stats = try await library.stats(year: 2025, zone: TimeZoneRules.utc)
    #expect(stats.booksFinished == 2)
    #expect(stats.byMonth[2].books == 1 && stats.byMonth[3].books == 1)
    _ = try await library.remove(book.id, at: Date())
    #expect(try await library.stats(year: 2025).booksFinished == 0)  // gone with its book
  }
}
