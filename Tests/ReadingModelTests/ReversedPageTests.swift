import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// A page query the other way round (`reversed`, the browser's `S`): keyset paging follows
/// the reversed order across pages, and each listed book carries its rating and last finish.
@Suite struct ReversedPageTests {
  let folder = TemporaryFolder()

  /// Five books rated 1 to 5 stars, and one unrated.
  private func ratedLibrary() async throws -> SQLiteLibrary {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for stars in 1...5 {
      let book = try await library.add(try NewBook(title: "Rated \(stars)", authors: ["A"]))
      try await library.apply(.edit(book.id, .rating(Rating(given: Double(stars)))))
    }
    _ = try await library.add(try NewBook(title: "Unrated", authors: ["A"]))
    return library
  }

  /// Every title of `query`, page after page.
  private func titles(_ library: SQLiteLibrary, _ query: PageQuery) async throws -> [String] {
    var (titles, next) = ([String](), Optional(query))
    while let query = next {
      let page = try await library.page(query)
      titles += page.books.map(\.book.title)
      next = page.next.map { query.continuing(after: $0) }
    }
    return titles
  }

  @Test func aReversedSortPagesInTheOtherOrder() async throws {
    let library = try await ratedLibrary()
    let highest = try await titles(library, PageQuery(limit: 2, sort: .rating))
    let lowest = try await titles(library, PageQuery(limit: 2, sort: .rating, reversed: true))
    #expect(highest == ["Rated 5", "Rated 4", "Rated 3", "Rated 2", "Rated 1", "Unrated"])
    #expect(lowest == highest.reversed())
    let byTitle = try await titles(library, PageQuery(limit: 4, sort: .title, reversed: true))
    #expect(byTitle == ["Unrated", "Rated 5", "Rated 4", "Rated 3", "Rated 2", "Rated 1"])
  }

  @Test func listedBooksCarryTheirRating() async throws {
    let library = try await ratedLibrary()
    let page = try await library.page(PageQuery(limit: 10, sort: .rating))
    #expect(page.books.map(\.rating) == [5, 4, 3, 2, 1, nil])
    #expect(page.books.allSatisfy { $0.finishedDay == nil })
  }
}
