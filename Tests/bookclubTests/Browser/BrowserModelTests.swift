import Foundation
import ReadingModel
import Synchronization
import TestSupport
import Testing

@testable import bookclub

/// The browser's model with a page source the test answers: search as you type never
/// shows a stale result, Esc returns to the last settled list, paging and refresh follow
/// the state machine.
@MainActor
@Suite struct BrowserModelTests {
  let source = ControllableSource()

  func makeModel() -> BrowserModel {
    BrowserModel(
      library: SQLiteLibrary(path: "/nonexistent/unused.sqlite"),
      notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 80, height: 24), colors: false, source: source.source,
      counter: { _ in nil })
  }

  /// Lets the tasks the model started run until `condition` holds. (A count of yields is a
  /// time in disguise: they spin through in a moment while the pool's threads are busy.)
  func settle(_ condition: () -> Bool) async {
    #expect((try? await Wait.until("the model to settle") { condition() }) != nil)
  }

  func ids(_ model: BrowserModel) -> [Int64] { model.books.map(\.id) }

  func loaded(_ ids: [Int64] = [1, 2, 3], hasMore: Bool = false) async -> BrowserModel {
    let model = makeModel()
    model.start()
    await source.waitForRequests(1)
    source.respond(.success(page(ids, hasMore: hasMore)))
    await settle { model.list.store.state.value != nil }
    return model
  }

  func type(_ text: String, into model: BrowserModel) {
    for character in text { _ = model.handle(.character(character)) }
  }

  @Test func eachKeystrokeSupersedesTheSearchInFlightAndAStaleResultIsNeverShown() async {
    let model = await loaded()
    _ = model.handle(.character("/"))
    type("m", into: model)
    #expect(await source.waitForRequests(2)?.search == "m")
    type("i", into: model)
    #expect(await source.waitForRequests(3)?.search == "mi")
    source.respond(.success(page([7], hasMore: false)))  // "m" answers late
    for _ in 0..<200 { await Task.yield() }
    #expect(ids(model) == [1, 2, 3])  // never [7]
    #expect(model.pending != nil)
    source.respond(.success(page([9], hasMore: false)))
    await settle { model.pending == nil }
    #expect(ids(model) == [9])
    #expect(model.list.store.query.search == "mi")
  }

  @Test func escCancelsTheQueryInFlightAndReturnsToTheLastSettledList() async {
    let model = await loaded()
    _ = model.handle(.character("2"))  // the Reading tab
    #expect(await source.waitForRequests(2)?.status == .reading)
    #expect(model.list.tab == .reading)
    _ = model.handle(.escape)
    #expect(model.pending == nil)
    #expect(model.list.tab == .all)
    source.respond(.success(page([5], hasMore: false)))
    for _ in 0..<200 { await Task.yield() }
    #expect(ids(model) == [1, 2, 3])
    #expect(model.list.store.state.isBusy == false)
  }

  @Test func escWhileTypingASearchCancelsItsQueryAndClearsItHoweverFarItGot() async {
    let model = await loaded()
    _ = model.handle(.character("/"))
    type("e", into: model)
    await source.waitForRequests(2)
    source.respond(.success(page([2], hasMore: false)))
    await settle { model.pending == nil }
    _ = model.handle(.enter)  // keys go back to the list
    #expect(!model.isEditingSearch)
    _ = model.handle(.character("/"))
    type("m", into: model)
    await source.waitForRequests(3)
    _ = model.handle(.escape)  // "em" in flight: cancelled, and the search cleared all the same
    #expect(model.search == nil)
    #expect(!model.isEditingSearch)
    let cleared = await source.waitForRequests(4)
    #expect(cleared != nil && cleared?.search == nil, "\(String(describing: cleared))")
  }

  @Test func theNextPageLoadsWhenTheCursorComesWithinAScreenOfTheEnd() async {
    let model = await loaded(Array(1...30), hasMore: true)
    #expect(source.requestCount == 1)
    _ = model.handle(.character("j"))
    #expect(source.requestCount == 1)  // 29 rows below: more than a screen
    _ = model.handle(.pageDown)
    #expect(await source.waitForRequests(2)?.after != nil)
    #expect(model.screen.list.isPaging)
    source.respond(.failure(SourceFailure()))
    await settle { model.list.store.state.error != nil }
    model.storeChanged()  // as the event loop does when a page lands
    #expect(model.screen.grid(model.layout).lines[23].contains("30+ · r: retry loading more"))
    _ = model.handle(.end)
    #expect(model.screen.grid(model.layout).lines.joined().contains("r to retry"))
    _ = model.handle(.character("r"))  // retries the page, not the whole list
    #expect(await source.waitForRequests(3)?.after != nil)
    source.respond(.success(page(Array(31...40), hasMore: false)))
    await settle { model.books.count == 40 }
  }

  @Test func aFailedRefreshKeepsTheRowsUnderABanner() async {
    let model = await loaded()
    _ = model.handle(.character("r"))
    await source.waitForRequests(2)
    #expect(model.screen.list.isLoading)
    source.respond(.failure(SourceFailure()))
    await settle { model.screen.hasBanner }
    #expect(ids(model) == [1, 2, 3])
    #expect(model.list.store.hasMore == false)
  }

  @Test func escCancelsARefreshAndItsLateResultIsIgnored() async {
    let model = await loaded()
    _ = model.handle(.character("r"))
    await source.waitForRequests(2)
    _ = model.handle(.escape)
    #expect(model.list.store.state.isBusy == false)
    source.respond(.success(page([8], hasMore: false)))
    for _ in 0..<200 { await Task.yield() }
    #expect(ids(model) == [1, 2, 3])
  }

  @Test func theCursorStaysOnScreenAndWithinTheList() async {
    let model = await loaded(Array(1...50))
    _ = model.handle(.end)
    #expect(model.list.cursor == 49)
    #expect(model.list.top == 50 - model.list.listRows)
    _ = model.handle(.character("g"))
    #expect(model.list.cursor == 0 && model.list.top == 0)
    model.layout = BrowserLayout(width: 42, height: 12)
    _ = model.handle(.pageDown)
    #expect(model.list.cursor == model.list.listRows)
    #expect(model.list.cursor < model.list.top + model.list.listRows)
  }

  @Test func theCountFollowsThePageAndAStaleCountIsNeverShown() async {
    let counts = CountGate()
    let model = BrowserModel(
      library: SQLiteLibrary(path: "/nonexistent/unused.sqlite"),
      notices: NoticeQueue(clock: ManualClock()),
      layout: BrowserLayout(width: 80, height: 24), colors: false, source: source.source,
      counter: { try await counts.count($0) })
    model.start()
    await source.waitForRequests(1)
    source.respond(.success(page([1, 2, 3], hasMore: true)))
    await settle { model.list.store.state.value != nil }
    #expect(model.list.total == nil)  // the page is on screen before its count
    #expect(model.screen.grid(model.layout).lines[23].hasPrefix("1–3 of 3+"))
    await counts.waitForRequests(1)
    _ = model.handle(.character("2"))  // a new query before the count came
    await source.waitForRequests(2)
    source.respond(.success(page([5], hasMore: false)))
    await settle { model.pending == nil }
    await counts.waitForRequests(2)
    counts.answer(0, with: 365)  // the first list's count, late
    for _ in 0..<200 { await Task.yield() }
    #expect(model.list.total == nil)
    counts.answer(1, with: 9)
    await settle { model.list.total == 9 }
    #expect(model.screen.grid(model.layout).lines[23].hasPrefix("1–1 of 9"))
  }
}

/// Counts that wait until the test answers them, by the order they were asked.
final class CountGate: Sendable {
  private let waiting = Mutex<[CheckedContinuation<Int?, any Error>?]>([])

  func count(_ query: PageQuery) async throws -> Int? {
    try await withCheckedThrowingContinuation { continuation in
      waiting.withLock { $0.append(continuation) }
    }
  }

  func waitForRequests(_ count: Int) async {
    let asked: Void? = try? await Wait.until("count \(count) to be asked for") {
      waiting.withLock { $0.count } >= count
    }
    #expect(asked != nil)
  }

  func answer(_ index: Int, with total: Int) {
    let continuation = waiting.withLock { all -> CheckedContinuation<Int?, any Error>? in
      defer { all[index] = nil }
      return all[index]
    }
    continuation?.resume(returning: total)
  }
}
