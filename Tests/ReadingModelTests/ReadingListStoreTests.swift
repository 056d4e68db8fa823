import ReadingModel
import TestSupport
import Testing

/// The store's rules around the paging state machine: one request in flight, stale results
/// dropped, cancellation is not failure.
@MainActor
@Suite struct ReadingListStoreTests {
  let source = ControllableSource()

  func makeStore() -> ReadingListStore {
    ReadingListStore(query: PageQuery(limit: 3), source: source.source)
  }

  func ids(_ store: ReadingListStore) -> [Int64]? { store.state.value?.map(\.id) }

  /// Loads a first page of `ids` into a new store.
  func loadedStore(_ ids: [Int64], hasMore: Bool) async -> ReadingListStore {
    let store = makeStore()
    let load = Task { await store.fetchInitial() }
    await source.waitForRequests(1)
    source.respond(.success(page(ids, hasMore: hasMore)))
    await load.value
    return store
  }

  @Test func firstPageLoads() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    guard case .success = store.state else {
      Issue.record("expected success, got \(store.state)")
      return
    }
    #expect(ids(store) == [1, 2, 3])
    #expect(store.hasMore)
  }

  @Test func resultArrivingAfterCancelIsIgnored() async {
    let store = makeStore()
    let load = Task { await store.fetchInitial() }
    await source.waitForRequests(1)
    store.cancel()
    guard case .idle = store.state else {
      Issue.record("cancel during the first load should return to idle, got \(store.state)")
      return
    }
    source.respond(.success(page([1, 2, 3], hasMore: true)))
    await load.value
    guard case .idle = store.state else {
      Issue.record("a late result was applied: \(store.state)")
      return
    }
    #expect(store.nextCursor == nil)
  }

  /// The task awaiting `fetchInitial()` is cancelled, and the source answers anyway.
  @Test func resultArrivingAfterTheAwaitingTaskIsCancelledIsIgnored() async {
    let store = makeStore()
    let load = Task { await store.fetchInitial() }
    await source.waitForRequests(1)
    load.cancel()
    source.respond(.success(page([1, 2, 3], hasMore: true)))
    await load.value
    guard case .idle = store.state else {
      Issue.record("a result of a cancelled load was applied: \(store.state)")
      return
    }
    #expect(store.nextCursor == nil)
    #expect(!store.hasMore)
  }

  @Test func hasMoreIsExactlyWhenFetchMoreWouldStartARequest() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    #expect(store.hasMore)
    let paging = Task { await store.fetchMore() }
    await source.waitForRequests(2)
    #expect(!store.hasMore, "a page is in flight")
    source.respond(.success(page([4, 5, 6], hasMore: true)))
    await paging.value
    #expect(store.hasMore)
    // A failed refresh keeps the list, but paging it is not a transition from there.
    let refresh = Task { await store.refresh() }
    await source.waitForRequests(3)
    source.respond(.failure(SourceFailure()))
    await refresh.value
    guard case .reLoadingFailure = store.state else {
      Issue.record("expected reLoadingFailure, got \(store.state)")
      return
    }
    #expect(!store.hasMore)
    await store.fetchMore()
    #expect(source.requestCount == 3)
  }

  @Test func supersededResultIsIgnored() async {
    let store = makeStore()
    let first = Task { await store.fetchInitial() }
    await source.waitForRequests(1)
    store.cancel()
    let second = Task { await store.fetchInitial() }
    await source.waitForRequests(2)
    source.respond(.success(page([7, 8, 9], hasMore: false)))  // the cancelled request
    source.respond(.success(page([1, 2], hasMore: false)))
    await first.value
    await second.value
    #expect(ids(store) == [1, 2])
  }

  @Test func fetchMoreDuringLoadIsIgnored() async {
    let store = makeStore()
    let load = Task { await store.fetchInitial() }
    await source.waitForRequests(1)
    await store.fetchMore()
    await store.refresh()
    await store.fetchInitial()
    #expect(source.requestCount == 1)
    #expect(store.state.isInitialLoading)
    source.respond(.success(page([1, 2, 3], hasMore: true)))
    await load.value
    #expect(ids(store) == [1, 2, 3])
  }

  @Test func fetchMoreDuringPagingIsIgnored() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let more = Task { await store.fetchMore() }
    let query = await source.waitForRequests(2)
    #expect(query?.after?.lastID == 3)
    await store.fetchMore()
    await store.refresh()
    #expect(source.requestCount == 2)
    #expect(store.state.isPaging)
    source.respond(.success(page([4, 5, 6], hasMore: true)))
    await more.value
    #expect(ids(store) == [1, 2, 3, 4, 5, 6])
  }

  @Test func failedRefreshKeepsTheList() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let refresh = Task { await store.refresh() }
    await source.waitForRequests(2)
    #expect(ids(store) == [1, 2, 3])  // reLoading shows the list
    source.respond(.failure(SourceFailure()))
    await refresh.value
    guard case .reLoadingFailure(let books, let error) = store.state else {
      Issue.record("expected reLoadingFailure, got \(store.state)")
      return
    }
    #expect(books.map(\.id) == [1, 2, 3])
    #expect(error is SourceFailure)
  }

  @Test func successfulRefreshReplacesTheList() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let refresh = Task { await store.refresh() }
    await source.waitForRequests(2)
    source.respond(.success(page([9], hasMore: false)))
    await refresh.value
    #expect(ids(store) == [9])
    #expect(!store.hasMore)
  }

  @Test func cancelDuringPagingKeepsLoadedPages() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let more = Task { await store.fetchMore() }
    await source.waitForRequests(2)
    store.cancel()
    source.respond(.success(page([4, 5, 6], hasMore: false)))
    await more.value
    guard case .success(let books) = store.state else {
      Issue.record("expected success after cancelling a page, got \(store.state)")
      return
    }
    #expect(books.map(\.id) == [1, 2, 3])
    #expect(store.hasMore)  // the cursor still points after book 3
  }

  @Test func cancellationErrorIsNotAFailure() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let more = Task { await store.fetchMore() }
    await source.waitForRequests(2)
    source.respond(.failure(CancellationError()))
    await more.value
    #expect(store.state.error == nil)
    #expect(ids(store) == [1, 2, 3])

    let fresh = makeStore()
    let load = Task { await fresh.fetchInitial() }
    await source.waitForRequests(3)
    source.respond(.failure(CancellationError()))
    await load.value
    guard case .idle = fresh.state else {
      Issue.record("a cancelled first load should return to idle, got \(fresh.state)")
      return
    }
  }

  @Test func pagingStopsWhenTheSourceIsExhausted() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let more = Task { await store.fetchMore() }
    await source.waitForRequests(2)
    source.respond(.success(page([4], hasMore: false)))
    await more.value
    #expect(!store.hasMore)
    await store.fetchMore()
    #expect(source.requestCount == 2)
    #expect(ids(store) == [1, 2, 3, 4])
  }

  @Test func pagesNeverDuplicateBooks() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let more = Task { await store.fetchMore() }
    await source.waitForRequests(2)
    source.respond(.success(page([3, 4, 5], hasMore: false)))
    await more.value
    #expect(ids(store) == [1, 2, 3, 4, 5])
  }

  @Test func failedPageKeepsTheListAndCanBeRetried() async {
    let store = await loadedStore([1, 2, 3], hasMore: true)
    let more = Task { await store.fetchMore() }
    await source.waitForRequests(2)
    source.respond(.failure(SourceFailure()))
    await more.value
    guard case .pagingFailure(let books, _) = store.state else {
      Issue.record("expected pagingFailure, got \(store.state)")
      return
    }
    #expect(books.map(\.id) == [1, 2, 3])
    let retry = Task { await store.fetchMore() }
    await source.waitForRequests(3)
    source.respond(.success(page([4], hasMore: false)))
    await retry.value
    #expect(ids(store) == [1, 2, 3, 4])
  }

  @Test func failedFirstLoadIsRetriedByFetchInitial() async {
    let store = makeStore()
    let load = Task { await store.fetchInitial() }
    await source.waitForRequests(1)
    source.respond(.failure(SourceFailure()))
    await load.value
    #expect(store.state.error is SourceFailure)
    let retry = Task { await store.fetchInitial() }
    await source.waitForRequests(2)
    guard case .retryLoading = store.state else {
      Issue.record("expected retryLoading, got \(store.state)")
      return
    }
    source.respond(.success(page([1], hasMore: false)))
    await retry.value
    #expect(ids(store) == [1])
  }
}
