import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// `=` in the browser (issue 28): the list narrowed to the highlighted book's series, in its
/// order, said on the status line; `=` again shows every book.
@MainActor
@Suite struct BrowserSeriesModelTests {
  let home = TestHome()
  let library: SQLiteLibrary

  init() async throws {
    library = SQLiteLibrary(path: home.path("library.sqlite"))
    try await library.bulkAdd([
      try NewBook(title: "The Obelisk Gate", authors: ["N. K. Jemisin"]),
      try NewBook(title: "Emma", authors: ["Jane Austen"]),
      try NewBook(title: "The Fifth Season", authors: ["N. K. Jemisin"]),
    ])
    for (id, place) in [(Int64(1), "2"), (3, "1")] {
      let series = try SeriesPlace(name: "The Broken Earth", position: SeriesPosition(place))
      _ = try await library.apply(.edit(id, .series(adding: [series])))
    }
  }

  func loaded() async -> BrowserModel {
    let model = BrowserModel(
      library: library, notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 100, height: 24), colors: false)
    model.start()
    await settle { model.books.count == 3 }
    return model
  }

  func settle(_ condition: () -> Bool) async {
    #expect((try? await Wait.until("the browser to settle") { condition() }) != nil)
  }

  func titles(_ model: BrowserModel) -> [String] { model.books.map(\.book.title) }

  @Test func theBooksSeriesInItsOrderAndBackToEveryBook() async throws {
    let model = await loaded()
    _ = model.handle(.character("="))
    await settle { titles(model) == ["The Fifth Season", "The Obelisk Gate"] }
    #expect(model.list.sort == .series)
    let status = model.screen.grid(BrowserLayout(width: 100, height: 24)).lines[23]
    #expect(status.contains("series: The Broken Earth (= shows all)"), "\(status)")
    _ = model.handle(.character("="))
    await settle { titles(model).count == 3 }
    #expect(model.list.sort == .id && model.list.series == nil)
    // A book in no series says so and the list stays.
    _ = model.handle(.down)
    _ = model.handle(.character("="))
    await settle {
      model.notices.current?.message == "“Emma” is in no series." && titles(model).count == 3
    }
  }
}
