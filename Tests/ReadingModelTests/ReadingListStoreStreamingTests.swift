import ReadingModel
import TestSupport
import Testing

/// A streaming store (`list --all`): each next page takes the place of the one before, so
/// memory holds one page, and the books are counted once, with the first page.
@MainActor
@Suite struct ReadingListStoreStreamingTests {
  let source = ControllableSource()

  func ids(_ store: ReadingListStore) -> [Int64]? { store.state.value?.map(\.id) }

  /// Runs `load` on `store` and answers its request with `answer`.
  ///
  /// - Returns: The query the store asked with.
  func answer(
    _ store: ReadingListStore, request number: Int, with answer: Result<BookPage, any Error>,
    _ load: @escaping @MainActor (ReadingListStore) async -> Void
  ) async -> PageQuery? {
    let running = Task { await load(store) }
    let query = await source.waitForRequests(number)
    source.respond(answer)
    await running.value
    return query
  }

  func counted(_ page: BookPage, total: Int) -> BookPage {
    var counted = page
    counted.total = total
    return counted
  }

  @Test func eachNextPageReplacesTheOneBeforeAndTheTotalIsCountedOnce() async {
    var query = PageQuery(limit: 2)
    query.countsTotal = true
    let store = ReadingListStore(query: query, paging: .streaming, source: source.source)
    let first = await answer(
      store, request: 1, with: .success(counted(page([1, 2], hasMore: true), total: 5))
    ) { await $0.fetchInitial() }
    #expect(first?.countsTotal == true)
    #expect(ids(store) == [1, 2])
    #expect(store.total == 5)
    let second = await answer(store, request: 2, with: .success(page([3, 4], hasMore: true))) {
      await $0.fetchMore()
    }
    #expect(second?.countsTotal == false)
    #expect(second?.after != nil)
    #expect(ids(store) == [3, 4])  // not [1, 2, 3, 4]
    #expect(store.total == 5)
    _ = await answer(store, request: 3, with: .success(page([5], hasMore: false))) {
      await $0.fetchMore()
    }
    #expect(ids(store) == [5])
    #expect(!store.hasMore)
    guard case .success = store.state else {
      Issue.record("expected success, got \(store.state)")
      return
    }
  }

  @Test func aFailedNextPageKeepsThePageBeforeWithTheError() async {
    let store = ReadingListStore(
      query: PageQuery(limit: 2), paging: .streaming, source: source.source)
    _ = await answer(store, request: 1, with: .success(page([1, 2], hasMore: true))) {
      await $0.fetchInitial()
    }
    _ = await answer(store, request: 2, with: .failure(SourceFailure())) { await $0.fetchMore() }
    guard case .pagingFailure(let kept, let error) = store.state else {
      Issue.record("expected pagingFailure, got \(store.state)")
      return
    }
    #expect(kept.map(\.id) == [1, 2])
    #expect(error is SourceFailure)
    #expect(store.hasMore)  // the same page can be asked again
  }

  @Test func anAccumulatingStoreStillGrowsAndCountsWithEveryPage() async {
    var query = PageQuery(limit: 2)
    query.countsTotal = true
    let store = ReadingListStore(query: query, source: source.source)
    _ = await answer(store, request: 1, with: .success(page([1, 2], hasMore: true))) {
      await $0.fetchInitial()
    }
    let second = await answer(store, request: 2, with: .success(page([3], hasMore: false))) {
      await $0.fetchMore()
    }
    #expect(second?.countsTotal == true)
    #expect(ids(store) == [1, 2, 3])
  }
}
