import ReadingModel
import Testing

/// Every (case × event) pair of DESIGN.md section 3's `DataState` table.
@Suite struct DataStateTransitionTests {
  static let v = items(1, 2)
  static let v2 = items(3)
  static let e = TestError(tag: 1)
  static let e2 = TestError(tag: 2)

  typealias Row = TransitionRow<TestDataState>

  // Columns: startLoading, ok(v'), error(e'), cancel. "–" cells leave the state as it is.
  static let table: [Row] = {
    let cases: [TestDataState] = [
      .idle, .initialLoading, .reLoading(v), .retryLoading(e), .success(v), .failure(e),
    ]
    let expected: [[TestDataState]] = [
      [.initialLoading, .idle, .idle, .idle],
      [.initialLoading, .success(v2), .failure(e2), .idle],
      [.reLoading(v), .success(v2), .failure(e2), .success(v)],
      [.retryLoading(e), .success(v2), .failure(e2), .failure(e)],
      [.reLoading(v), .success(v), .success(v), .success(v)],
      [.retryLoading(e), .failure(e), .failure(e), .failure(e)],
    ]
    let events: [Event] = [.startLoading, .ok(v2), .error(e2), .cancel]
    return Row.table(cases: cases, events: events, expected: expected)
  }()

  @Test(arguments: table)
  func transition(_ row: Row) {
    var state = row.from
    state.apply(row.event)
    #expect(state == row.to)
  }

  @Test func tableCoversEveryPair() {
    #expect(Self.table.count == 6 * 4)
  }

  @Test func derivedProperties() {
    #expect(TestDataState.initialLoading.isLoading && TestDataState.initialLoading.isInitialLoading)
    #expect(TestDataState.reLoading(Self.v).isLoading)
    #expect(!TestDataState.reLoading(Self.v).isInitialLoading)
    #expect(TestDataState.retryLoading(Self.e).isLoading)
    #expect(!TestDataState.success(Self.v).isLoading)
    #expect(TestDataState.reLoading(Self.v).value == Self.v)
    #expect(TestDataState.success(Self.v).value == Self.v)
    #expect(TestDataState.failure(Self.e).value == nil)
    #expect(TestDataState.retryLoading(Self.e).error == Self.e)
    #expect(TestDataState.failure(Self.e).error == Self.e)
    #expect(TestDataState.idle.error == nil && TestDataState.idle.value == nil)
  }
}
