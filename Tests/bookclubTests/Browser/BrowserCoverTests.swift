import Foundation
import ImageDecoding
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// The detail pane's cover: drawn in half blocks at the right when there is room and
/// colour, loaded once however many ask, and never shown for a book no longer open.
@MainActor
@Suite struct BrowserCoverTests {
  /// 16 × 4 pixels: red above blue, row after row.
  nonisolated static let cover = RGBImage(
    width: 16, height: 4,
    pixels: (0..<4).flatMap { row in
      (0..<16).flatMap { _ in row % 2 == 0 ? [UInt8(255), 0, 0] : [0, 0, 255] }
    })

  func screen(colors: Bool = true) -> BrowserScreen {
    var screen = BrowserScreen(list: .success(page([1], hasMore: false).books))
    screen.detail = .success(["Middlemarch", "by George Eliot", String(repeating: "x", count: 100)])
    screen.cover = Self.cover
    screen.colors = colors
    return screen
  }

  @Test func theCoverStandsAtTheRightOfTheText() {
    let layout = BrowserLayout(width: 80, height: 24)
    let grid = screen().grid(layout)
    let top = layout.pane.lowerBound
    let column = 80 - BrowserScreen.coverColumns - 1
    let cell = grid[top, column]
    #expect(cell.text == "▀")
    #expect(cell.style.foreground == CellStyle.RGB(red: 255, green: 0, blue: 0))
    #expect(cell.style.background == CellStyle.RGB(red: 0, green: 0, blue: 255))
    #expect(grid[top + 1, column + 15].text == "▀")
    #expect(grid[top + 2, column].text != "▀")  // 4 pixel rows: 2 cell rows
    // The long line stops before the cover.
    #expect(grid[top + 2, column - 1].text != "x")
    #expect(
      cell.style.sequence.contains("38;2;255;0;0") && cell.style.sequence.contains("48;2;0;0;255"))
  }

  @Test func noRoomOrNoColourMeansNoCover() {
    let narrow = screen().grid(BrowserLayout(width: 60, height: 24))
    #expect(!narrow.lines.joined().contains("▀"))
    let plain = screen(colors: false).grid(BrowserLayout(width: 80, height: 24))
    #expect(!plain.lines.joined().contains("▀"))
  }

  @Test func loadersOfOneCoverShareOneLoadAndACancelledOneDeliversNothing() async throws {
    let gate = DispatchSemaphore(value: 0)
    let work: CoverImageLoader.Work = { _ in
      gate.wait()
      return CoverImageLoader.Found(image: Self.cover)
    }
    let first = CoverImageLoader(key: "shared-\(UUID())", work: work)
    let second = CoverImageLoader(key: first.key, work: work)
    var delivered: [String] = []
    first.start { _ in delivered.append("first") }
    second.start { _ in delivered.append("second") }
    try await Task.sleep(for: .milliseconds(50))
    second.cancel()  // its book left the screen
    gate.signal()
    try await Wait.until("the cover to be delivered") { !delivered.isEmpty }
    // The cancelled loader's turn came with the first's; a moment more for a late delivery.
    try await Task.sleep(for: .milliseconds(50))
    #expect(delivered == ["first"])
    #expect(CoverImageLoader.started[first.key] == 1)
  }

  @Test func aFailedFetchIsSaidOnceAndLaterCoversComeFromTheCacheAlone() async throws {
    let home = TestHome()  // its environment points Open Library at a closed port
    let library = SQLiteLibrary(path: home.path("library.sqlite"))
    try await library.bulkAdd([
      try NewBook(title: "One", authors: ["A"], isbn: ISBN("9791000000015")),
      try NewBook(title: "Two", authors: ["A"], isbn: ISBN("9791000000022")),
    ])
    let model = BrowserModel(
      library: library, notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 80, height: 24), colors: true)
    var asked: [Bool] = []
    let environment = home.bookclub.environment
    model.coverLoader = { book, fetching in
      asked.append(fetching)
      return CoverImageLoader.forBook(
        book, columns: 16, environment: environment, fetching: fetching)
    }
    model.start()
    try await Wait.until("the books to load") { model.books.count == 2 }
    _ = model.handle(.enter)  // the first book, whose cover cannot be fetched
    try await Wait.until("the failed fetch to be said") { model.detailPane.cover.problem != nil }
    #expect(model.detailPane.cover.problem?.contains("are you offline?") == true)
    _ = model.handle(.enter)
    _ = model.handle(.down)
    _ = model.handle(.enter)  // the second: read from the cache, not fetched
    // Asked at once; a moment more for a second warning the cache alone cannot give.
    try await Task.sleep(for: .milliseconds(300))
    #expect(asked == [true, false])
    let said = ([model.notices.current] + model.notices.pending).compactMap { $0 }
      .filter { $0.message.hasPrefix("Covers: ") }
    #expect(said.map(\.count) == [1], "\(said)")
  }
}
