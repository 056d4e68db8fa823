import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// Up Next's keys in the browser's model, against a real library: what each says, and what
/// it refuses (a move past either end, a move outside the queue's tab).
@MainActor
@Suite struct BrowserUpNextModelTests {
  let home = TestHome()
  let library: SQLiteLibrary

  init() async throws {
    library = SQLiteLibrary(path: home.path("library.sqlite"))
    try await library.bulkAdd([
      try NewBook(title: "Kindred", authors: ["Octavia E. Butler"]),
      try NewBook(title: "Emma", authors: ["Jane Austen"]),
      try NewBook(title: "Dune", authors: ["Frank Herbert"]),
    ])
    for id in Int64(1)...2 { _ = try await library.apply(.edit(id, .upNext(.last))) }
  }

  func loaded() async -> BrowserModel {
    let model = BrowserModel(
      library: library, notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 80, height: 24), colors: false)
    model.start()
    await settle { model.books.count == 3 }
    return model
  }

  func settle(_ condition: () -> Bool) async {
    #expect((try? await Wait.until("the browser to settle") { condition() }) != nil)
  }

  /// Whether a notice shown or waiting to be shown is `message`.
  func says(_ message: String, _ model: BrowserModel) -> Bool {
    ([model.notices.current].compactMap { $0 } + model.notices.pending).contains {
      $0.message == message
    }
  }

  func titles(_ model: BrowserModel) -> [String] { model.books.map(\.book.title) }

  @Test func movesSayWhatTheyDidAndStopAtTheEnds() async throws {
    let model = await loaded()
    _ = model.handle(.character("7"))
    await settle { titles(model) == ["Kindred", "Emma"] }
    _ = model.handle(.character("K"))
    await settle { says("“Kindred” is first in Up Next already.", model) }
    _ = model.handle(.character("J"))
    await settle { titles(model) == ["Emma", "Kindred"] && model.list.cursor == 1 }
    #expect(says("“Kindred” moved down Up Next.", model))
    _ = model.handle(.character("J"))
    await settle { says("“Kindred” is last in Up Next already.", model) }
    #expect(try await library.upNext(limit: nil).map(\.title) == ["Emma", "Kindred"])
    // Taking a book out leaves the highlight on the row it was on, or the last.
    _ = model.handle(.character("-"))
    await settle { titles(model) == ["Emma"] }
    #expect(says("“Kindred” is out of Up Next.", model))
    _ = model.handle(.character("-"))
    await settle { titles(model).isEmpty }
  }

  @Test func outsideTheQueuesTabBooksGoInAndOutButDoNotMove() async throws {
    let model = await loaded()
    _ = model.handle(.end)
    _ = model.handle(.character("+"))
    await settle { says("“Dune” is last in Up Next.", model) }
    #expect(try await library.upNext(limit: nil).map(\.title) == ["Kindred", "Emma", "Dune"])
    _ = model.handle(.character("J"))
    await settle { says("Books move in Up Next in its own tab (7), in its order.", model) }
    // A book out of the queue is said to be so, and nothing is written.
    _ = model.handle(.character("-"))
    _ = model.handle(.character("-"))
    await settle { says("“Dune” is not in Up Next.", model) }
    // Sorted another way, the queue's tab does not move books either.
    _ = model.handle(.character("7"))
    await settle { titles(model) == ["Kindred", "Emma"] }
    _ = model.handle(.character("s"))
    await settle { model.list.sort == .id }
    _ = model.handle(.character("K"))
    await settle { model.notices.pending.count + 1 >= 3 }
    #expect(try await library.upNext(limit: nil).map(\.title) == ["Kindred", "Emma"])
  }
}
