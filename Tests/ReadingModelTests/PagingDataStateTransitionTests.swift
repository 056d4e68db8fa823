import ReadingModel
import Testing

/// Every (case × event) pair of DESIGN.md section 3's `PagingDataState` rules.
@Suite struct PagingDataStateTransitionTests {
  static let v = items(1, 2)
  static let page = items(2, 3)
  static let e = TestError(tag: 1)
  static let e2 = TestError(tag: 2)

  typealias Row = TransitionRow<TestPagingState>

  // Columns: startLoading, startPaging, ok(page), error(e2), cancel.
  static let table: [Row] = {
    let cases: [TestPagingState] = [
      .idle, .initialLoading, .reLoading(v), .retryLoading(e), .success(v), .loadingFailure(e),
      .paging(v), .pagingFailure(v, e), .reLoadingFailure(v, e),
    ]
    let expected: [[TestPagingState]] = [
      // idle
      [.initialLoading, .idle, .idle, .idle, .idle],
      // initialLoading
      [.initialLoading, .initialLoading, .success(page), .loadingFailure(e2), .idle],
      // reLoading(v): a result replaces the list; a failure keeps it.
      [.reLoading(v), .reLoading(v), .success(page), .reLoadingFailure(v, e2), .success(v)],
      // retryLoading(e)
      [
        .retryLoading(e), .retryLoading(e), .success(page), .loadingFailure(e2), .loadingFailure(e),
      ],
      // success(v)
      [.reLoading(v), .paging(v), .success(v), .success(v), .success(v)],
      // loadingFailure(e)
      [
        .retryLoading(e), .loadingFailure(e), .loadingFailure(e), .loadingFailure(e),
        .loadingFailure(e),
      ],
      // paging(v): the page is appended without the duplicate 2.
      [.paging(v), .paging(v), .success(items(1, 2, 3)), .pagingFailure(v, e2), .success(v)],
      // pagingFailure(v, e)
      [
        .reLoading(v), .paging(v), .pagingFailure(v, e), .pagingFailure(v, e), .pagingFailure(v, e),
      ],
      // reLoadingFailure(v, e)
      [
        .reLoading(v), .reLoadingFailure(v, e), .reLoadingFailure(v, e), .reLoadingFailure(v, e),
        .reLoadingFailure(v, e),
      ],
    ]
    let events: [Event] = [.startLoading, .startPaging, .ok(page), .error(e2), .cancel]
    return Row.table(cases: cases, events: events, expected: expected)
  }()

  @Test(arguments: table)
  func transition(_ row: Row) {
    var state = row.from
    state.apply(row.event)
    #expect(state == row.to)
  }

  @Test func tableCoversEveryPair() {
    #expect(Self.table.count == 9 * 5)
  }

  @Test func derivedProperties() {
    #expect(TestPagingState.paging(Self.v).isPaging && !TestPagingState.paging(Self.v).isLoading)
    #expect(TestPagingState.reLoading(Self.v).isLoading)
    #expect(TestPagingState.initialLoading.isInitialLoading)
    #expect(TestPagingState.pagingFailure(Self.v, Self.e).value == Self.v)
    #expect(TestPagingState.pagingFailure(Self.v, Self.e).error == Self.e)
    #expect(TestPagingState.reLoadingFailure(Self.v, Self.e).value == Self.v)
    #expect(TestPagingState.loadingFailure(Self.e).value == nil)
    #expect(TestPagingState.retryLoading(Self.e).error == Self.e)
    #expect(TestPagingState.success(Self.v).error == nil)
    #expect(!TestPagingState.success(Self.v).isBusy)
  }
}
