import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// Keys typed while a submitted prompt's write is in flight wait for it, in order, and the
/// write is counted until it ends.
@MainActor
@Suite struct BrowserHeldKeyTests {
  let home = TestHome()
  let library: SQLiteLibrary

  init() async throws {
    library = SQLiteLibrary(path: home.path("library.sqlite"))
    try await library.bulkAdd([
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], pageCount: 880)
    ])
  }

  @Test func aQuitTypedBehindEnterWaitsForTheWrite() async throws {
    let model = BrowserModel(
      library: library, notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 80, height: 24),
      colors: false)
    model.start()
    try await Wait.until("the books to load") { !model.books.isEmpty }
    for key in [Key.character("p"), .character("4"), .character("4"), .character("0")] {
      _ = model.handle(key)
    }
    #expect(model.handle(.enter) == .none)
    #expect(model.prompt?.isSaving == true)
    #expect(!model.writes.isEmpty)
    #expect(model.handle(.character("q")) == .none)  // held, not typed into the prompt
    #expect(model.handleHeldKey() == nil)  // still saving
    #expect(await model.writes.settle(within: .seconds(30)))
    #expect(model.prompt == nil)
    #expect(model.handleHeldKey() == .quit)
    #expect(try await library.progress(of: 1).entries.map(\.progress) == [0.5])
  }
}
