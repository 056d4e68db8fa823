import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// The screen function, state in and grid out: every state of the paging machine and of
/// the detail's data machine, at 80×24 and at 42×12.
@Suite struct BrowserScreenTests {
  struct DiskOnFire: Error, LocalizedError {
    var errorDescription: String? { "the disk is on fire" }
  }

  static let large = BrowserLayout(width: 80, height: 24)
  static let small = BrowserLayout(width: 42, height: 12)

  func books(_ count: Int) -> [ListedBook] {
    page((1...Int64(count)).map { $0 }, hasMore: false).books
  }

  func text(_ screen: BrowserScreen, _ layout: BrowserLayout = large) -> String {
    let grid = screen.grid(layout)
    #expect(grid.width == layout.width && grid.height == layout.height)
    return grid.lines.joined(separator: "\n")
  }

  @Test(arguments: [large, small])
  func theFirstLoadShowsASpinner(layout: BrowserLayout) {
    for state in [PagingDataState<[ListedBook], any Error>.idle, .initialLoading] {
      #expect(text(BrowserScreen(list: state), layout).contains("Loading your library…"))
    }
  }

  @Test(arguments: [large, small])
  func aFailedFirstLoadFillsThePaneWithTheErrorAndARetry(layout: BrowserLayout) {
    let shown = text(BrowserScreen(list: .loadingFailure(DiskOnFire())), layout)
    #expect(shown.contains("Couldn't load your library"))
    #expect(shown.contains("the disk is on fire"))
    #expect(shown.contains("r: try again"))
    let retrying = text(BrowserScreen(list: .retryLoading(DiskOnFire())), layout)
    #expect(retrying.contains("Trying again…"))
  }

  @Test func aLoadedListShowsRowsWithStatusBarAndPercentAndWhereItStands() {
    var list = books(30)
    list[0].progress = 0.6
    let shown = text(BrowserScreen(list: .success(list), total: 365))
    #expect(shown.contains("Book 1"))
    #expect(shown.contains("██████░░░░  60%"))
    #expect(shown.contains("want"))
    #expect(shown.contains("1–21 of 365"))  // 21 rows fit between the title rows and status
    #expect(!shown.contains("Book 22"))
    let scrolled = text(BrowserScreen(list: .success(list), total: 365, cursor: 29, top: 9))
    #expect(scrolled.contains("10–30 of 365"))
  }

  @Test func theCursorRowIsHighlighted() {
    let grid = BrowserScreen(list: .success(books(5)), cursor: 2).grid(Self.large)
    #expect(grid[4, 5].style.reverse)  // pane starts on row 2; the third book is row 4
    #expect(!grid[3, 5].style.reverse)
  }

  @Test(arguments: [large, small])
  func aRefreshKeepsTheRowsAndSaysSo(layout: BrowserLayout) {
    let shown = text(BrowserScreen(list: .reLoading(books(3))), layout)
    #expect(shown.contains("Book 3"))
    #expect(shown.contains("refreshing"))
  }

  @Test(arguments: [large, small])
  func aFailedRefreshPutsABannerAboveTheKeptRows(layout: BrowserLayout) {
    let grid = BrowserScreen(list: .reLoadingFailure(books(3), DiskOnFire())).grid(layout)
    #expect(grid.lines[2].hasPrefix("Couldn't refresh: the disk is on fire"))
    #expect(grid.lines[3].contains("Book 1"))
  }

  @Test(arguments: [large, small])
  func pagingShowsALoadingRowAndAFailedPageARetryRow(layout: BrowserLayout) {
    let paging = text(BrowserScreen(list: .paging(books(3))), layout)
    #expect(paging.contains("Loading more…"))
    let failed = text(BrowserScreen(list: .pagingFailure(books(3), DiskOnFire())), layout)
    #expect(failed.contains("Couldn't load more — r to retry"))
    #expect(failed.contains("Book 3"))
  }

  @Test func anEmptyListSaysWhatToDo() {
    #expect(text(BrowserScreen(list: .success([]))).contains("Your library is empty"))
    #expect(text(BrowserScreen(list: .success([]), search: "zz")).contains("No books match"))
  }

  @Test func theSearchFieldShowsTheTextAndAQueryInFlight() {
    let shown = text(
      BrowserScreen(
        list: .success(books(3)), isQueryPending: true, search: "midd", isEditingSearch: true))
    #expect(shown.contains("/midd▏"))
    #expect(shown.contains("searching"))
  }

  @Test func theDetailPaneShowsEachStateOfItsLoad() {
    func detail(_ state: DataState<[String], any Error>) -> String {
      text(BrowserScreen(list: .success(books(3)), detail: state))
    }
    #expect(detail(.idle).contains("Loading…"))
    #expect(detail(.initialLoading).contains("Loading…"))
    #expect(detail(.success(["Middlemarch", "by George Eliot"])).contains("by George Eliot"))
    #expect(detail(.reLoading(["Middlemarch"])).contains("Middlemarch"))
    #expect(detail(.failure(DiskOnFire())).contains("Couldn't load this book"))
    #expect(detail(.retryLoading(DiskOnFire())).contains("the disk is on fire"))
  }

  @Test func aPromptShowsItsQuestionTextAndErrorInline() {
    var prompt = BrowserPrompt(purpose: .progress, label: "Progress on “Emma”:", bookID: 1)
    prompt.text = "9000"
    prompt.error = "Page 9000 is past the end."
    let grid = BrowserScreen(list: .success(books(3)), prompt: prompt).grid(Self.small)
    #expect(grid.lines[11].hasPrefix("Progress on “Emma”: 9000▏"))
    #expect(grid.lines[10].hasPrefix("Page 9000 is past the end."))
  }

  @Test func aNoticeTakesTheStatusLine() {
    let notice = Notice("“Emma” is finished. Well read!")
    let grid = BrowserScreen(list: .success(books(3)), notice: notice).grid(Self.large)
    #expect(grid.lines[23].hasPrefix("“Emma” is finished. Well read!  Esc"))
  }

  @Test(arguments: [large, small])
  func theHelpOverlayListsTheKeys(layout: BrowserLayout) {
    let shown = text(BrowserScreen(list: .success(books(3)), showsHelp: true), layout)
    #expect(shown.contains(BrowserKeyHelp.title))
  }

  @Test func aTooSmallTerminalIsToldSo() {
    let shown = text(BrowserScreen(list: .success(books(3))), BrowserLayout(width: 39, height: 12))
    #expect(shown.hasPrefix("Make the terminal at least 42×12"))
  }

  @Test func hostileTitlesAreDrawnAsVisibleEscapes() {
    var list = books(1)
    list[0].book.title = "\u{1B}[2J\u{1B}]0;pwned\u{07}"
    let grid = BrowserScreen(list: .success(list)).grid(Self.large)
    #expect(grid.lines[2].contains("\\e[2J\\e]0;pwned\\x07"))
  }
}
