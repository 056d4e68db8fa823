import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// The actions on a book, against a real library: each writes through ReadingModel, the
/// row changes in place, and a refused value stays in the prompt with its error.
@MainActor
@Suite struct BrowserActionTests {
  let home = TestHome()
  let library: SQLiteLibrary

  init() async throws {
    library = SQLiteLibrary(path: home.path("library.sqlite"))
    try await library.bulkAdd([
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], pageCount: 880),
      try NewBook(title: "Emma", authors: ["Jane Austen"], pageCount: 400, status: .finished),
    ])
  }

  func loaded() async -> BrowserModel {
    let model = BrowserModel(
      library: library, notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 80, height: 24),
      colors: false)
    model.start()
    await settle { model.books.count == 2 }
    return model
  }

  /// Waits until `condition` holds: the model's writes and loads have landed.
  func settle(_ condition: () -> Bool) async {
    #expect((try? await Wait.until("the browser to settle") { condition() }) != nil)
  }

  /// Whether a notice shown or waiting to be shown starts with `prefix`.
  func says(_ prefix: String, _ model: BrowserModel) -> Bool {
    ([model.notices.current].compactMap { $0 } + model.notices.pending).contains {
      $0.message.hasPrefix(prefix)
    }
  }

  func type(_ text: String, into model: BrowserModel) {
    for character in text { _ = model.handle(.character(character)) }
  }

  @Test func progressIsWrittenAndTheRowChangesWithoutAReload() async throws {
    let model = await loaded()
    _ = model.handle(.character("p"))
    type("440", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil }
    #expect(model.books.first?.progress == 0.5)
    #expect(model.books.first?.book.status == .reading)
    #expect(model.notices.current?.message == "“Middlemarch”: page 440 of 880 (50%)")
    let history = try await library.progress(of: 1)
    #expect(history.entries.map(\.progress) == [0.5])
  }

  @Test func aRefusedValueStaysInThePromptWithItsErrorAndNothingIsWritten() async throws {
    let model = await loaded()
    _ = model.handle(.character("p"))
    type("9000", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt?.error != nil }
    #expect(model.prompt?.text == "9000")
    #expect(model.prompt?.error?.contains("880") == true)
    _ = model.handle(.backspace)
    #expect(model.prompt?.error == nil)  // fixing the text clears it
    _ = model.handle(.escape)
    #expect(model.prompt == nil)
    #expect(try await library.progress(of: 1).entries.isEmpty)
  }

  @Test func progressOnAFinishedBookAsksWhetherItIsANewReading() async throws {
    let model = await loaded()
    _ = model.handle(.down)
    _ = model.handle(.character("p"))
    type("50", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt?.isChoice == true }
    _ = model.handle(.character("r"))
    await settle { model.prompt == nil }
    #expect(model.books.dropFirst().first?.book.status == .reading)
    let readings = try await library.progress(of: 2).readings
    #expect(readings.count >= 1 && readings.last?.end == nil, "\(readings)")
  }

  @Test func aNoteATagARatingAndFinishing() async throws {
    let model = await loaded()
    _ = model.handle(.character("n"))
    type("Dorothea is wonderful", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil }
    #expect(try await library.progress(of: 1).notes.map(\.note) == ["Dorothea is wonderful"])
    _ = model.handle(.character("t"))
    type("classics, victorian", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil }
    #expect(try await library.details(of: 1).tags == ["classics", "victorian"])
    _ = model.handle(.character("*"))
    type("4.5", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil }
    #expect(try await library.details(of: 1).rating == 4.5)
    _ = model.handle(.character("f"))
    await settle { model.books.first?.book.status == .finished }
    #expect(model.books.first?.progress == 1)
  }

  @Test func uUndoesTheSessionsLastChangeWhateverItWasAndUpperURedoesIt() async throws {
    let model = await loaded()
    _ = model.handle(.character("u"))
    #expect(says("Nothing to undo", model))
    _ = model.handle(.character("p"))
    type("100", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil && model.books.first?.progress != nil }
    _ = model.handle(.character("x"))
    await settle { model.books.first?.book.status == .abandoned }
    // u takes back the abandon, not an entry.
    _ = model.handle(.character("u"))
    await settle { model.books.first?.book.status == .reading }
    #expect(try await library.book(id: 1)?.status == .reading)
    #expect(try await library.progress(of: 1).entries.count == 1)
    #expect(says("Undid the status of “Middlemarch”", model))
    _ = model.handle(.character("U"))
    await settle { model.books.first?.book.status == .abandoned }
    _ = model.handle(.character("u"))
    await settle { model.books.first?.book.status == .reading }
    _ = model.handle(.character("u"))
    await settle { model.books.first.map { $0.progress == nil } ?? false }
    #expect(try await library.progress(of: 1).entries.isEmpty)
    #expect(try await library.book(id: 1)?.status == .wantToRead)
  }

  @Test func ratingsAndTagsAreUndoneInTheBrowserToo() async throws {
    let model = await loaded()
    _ = model.handle(.character("*"))
    type("4.5", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil }
    _ = model.handle(.character("t"))
    type("classics", into: model)
    _ = model.handle(.enter)
    await settle { model.prompt == nil }
    #expect(try await library.details(of: 1).tags == ["classics"])
    _ = model.handle(.character("u"))
    await settle { says("Undid the tags", model) }
    #expect(try await library.details(of: 1).tags == [])
    _ = model.handle(.character("u"))
    await settle { says("Undid the rating", model) }
    #expect(try await library.details(of: 1).rating == nil)
    _ = model.handle(.character("U"))
    await settle { says("Redid the rating", model) }
    #expect(try await library.details(of: 1).rating == 4.5)
  }

  @Test func theDetailPaneLoadsTheReportAndFollowsChanges() async throws {
    let model = await loaded()
    _ = model.handle(.enter)
    await settle { model.detail?.lines.value != nil }
    #expect(model.detail?.lines.value?.first == "Middlemarch")
    _ = model.handle(.character("p"))
    type("25%", into: model)
    _ = model.handle(.enter)
    await settle { model.detail?.lines.value?.contains { $0.contains("page 220 of 880") } == true }
    _ = model.handle(.escape)  // the notice first
    _ = model.handle(.escape)
    #expect(model.detail == nil)
  }

  @Test func theDetailPaneListsHighlightsInBookOrderEscaped() async throws {
    let day = Date(timeIntervalSince1970: 1_740_000_000)
    _ = try await library.apply(
      .addHighlights(
        1,
        [
          Highlight(kind: .highlight, text: "Later \u{1B}[2Jon", page: 300, time: day),
          Highlight(kind: .quote, text: "Early on", note: "Mine", page: 12, time: day),
        ]))
    let model = await loaded()
    _ = model.handle(.enter)
    await settle { model.detail?.lines.value?.contains { $0.contains("Later") } == true }
    let lines = try #require(model.detail?.lines.value)
    let heading = try #require(lines.firstIndex(of: "Highlights and quotes, in book order:"))
    let rest = lines[heading...].joined(separator: "\n")
    let early = try #require(rest.range(of: "  Early on"))
    let later = try #require(rest.range(of: "  Later"))
    #expect(early.lowerBound < later.lowerBound, "\(rest)")
    #expect(rest.contains("p. 12") && rest.contains("  Note: Mine"), "\(rest)")
    #expect(!rest.contains("\u{1B}"), "\(rest)")
    #expect(lines.contains { $0.hasPrefix("Highlights") && $0.contains("2") })
  }
}
