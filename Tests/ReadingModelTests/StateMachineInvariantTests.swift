import ReadingModel
import TestSupport
import Testing

/// Seeded random event sequences checked against the invariants of DESIGN.md section 3.
@Suite struct StateMachineInvariantTests {
  static let sequenceCount = 10_000
  static let sequenceLength = 40

  @Test func pagingStateInvariants() {
    runSequences(from: TestPagingState.idle, apply: { $0.apply($1) }, check: checkPaging)
  }

  @Test func dataStateInvariants() {
    runSequences(from: TestDataState.idle, apply: { $0.apply($1) }, check: checkData)
  }

  /// Applies ``sequenceCount`` seeded random sequences of events to `initial`, recording
  /// the first broken invariant with the seed and step that replay it.
  private func runSequences<State>(
    from initial: State, apply: (inout State, Event) -> Void,
    check: (State, Event, State) -> String?
  ) {
    for seed in 0..<UInt64(Self.sequenceCount) {
      var generator = SeededGenerator(seed: seed)
      var state = initial
      for step in 0..<Self.sequenceLength {
        let event = Event.random(using: &generator)
        let before = state
        apply(&state, event)
        if let failure = check(before, event, state) {
          Issue.record("seed \(seed), step \(step): \(before) + \(event) → \(state): \(failure)")
          return
        }
      }
    }
  }

  /// - Returns: The invariant broken, or `nil`.
  private func checkPaging(before: TestPagingState, event: Event, after: TestPagingState)
    -> String?
  {
    if event == .cancel, after.value != before.value || after.error != before.error {
      return "cancel changed the data or recorded an error"
    }
    if event == .cancel, after.isBusy { return "cancel left a request in flight" }
    let isReloadResult = before.isLoading && { if case .ok = event { true } else { false } }()
    if !isReloadResult, let old = before.value {
      guard let new = after.value, new.starts(with: old) else {
        return "data shrank without a successful reload"
      }
    }
    if before.isBusy, event == .startLoading || event == .startPaging, after != before {
      return "a second request started while one was in flight"
    }
    if !before.isBusy, event != .startLoading, event != .startPaging, after != before {
      return "a result or cancel arrived with nothing in flight and changed the state"
    }
    if let value = after.value, Set(value.map(\.id)).count != value.count {
      return "the list has duplicates"
    }
    return nil
  }

  private func checkData(before: TestDataState, event: Event, after: TestDataState) -> String? {
    if event == .cancel, after.value != before.value || after.error != before.error {
      return "cancel changed the data or recorded an error"
    }
    if event == .cancel, after.isLoading { return "cancel left a request in flight" }
    if event == .startLoading, before.isLoading, after != before {
      return "a second request started while one was in flight"
    }
    if !before.isLoading, event != .startLoading, after != before {
      return "a result or cancel arrived with nothing in flight and changed the state"
    }
    if event == .startLoading, before.value != nil, after.value != before.value {
      return "starting a reload hid the data"
    }
    return nil
  }
}
