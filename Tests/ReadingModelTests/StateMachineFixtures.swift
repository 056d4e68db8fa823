import ReadingModel
import Testing

/// The error the state-machine tests use: comparable, with a tag to tell errors apart.
struct TestError: Error, Equatable, Sendable {
  var tag: Int
}

/// An element with an id, so paging can be checked for duplicates.
struct Item: Identifiable, Equatable, Sendable {
  var id: Int
}

/// The events of DESIGN.md section 3's tables.
enum Event: Equatable, Sendable, CustomStringConvertible {
  case startLoading
  case startPaging
  case ok([Item])
  case error(TestError)
  case cancel

  var description: String {
    switch self {
    case .startLoading: "startLoading()"
    case .startPaging: "startPaging()"
    case .ok(let items): "ok(\(items.map(\.id)))"
    case .error(let error): "error(\(error.tag))"
    case .cancel: "cancel"
    }
  }
}

typealias TestDataState = DataState<[Item], TestError>
typealias TestPagingState = PagingDataState<[Item], TestError>

extension TestDataState {
  mutating func apply(_ event: Event) {
    switch event {
    case .startLoading: startLoading()
    case .startPaging: return
    case .ok(let value): finish(.success(value))
    case .error(let error): finish(.failure(error))
    case .cancel: cancel()
    }
  }
}

extension TestPagingState {
  mutating func apply(_ event: Event) {
    switch event {
    case .startLoading: startLoading()
    case .startPaging: startPaging()
    case .ok(let value): finish(.success(value))
    case .error(let error): finish(.failure(error))
    case .cancel: cancel()
    }
  }
}

func items(_ ids: Int...) -> [Item] { ids.map(Item.init) }

/// One cell of a transition table: a state, an event, and the state it must lead to.
struct TransitionRow<State: Sendable>: CustomTestStringConvertible, Sendable {
  var from: State
  var event: Event
  var to: State
  var testDescription: String { "\(from) + \(event) → \(to)" }

  /// The rows of a table given as one line of expected states per starting state, one
  /// column per event.
  static func table(cases: [State], events: [Event], expected: [[State]]) -> [TransitionRow] {
    zip(cases, expected).flatMap { from, row in
      zip(events, row).map { TransitionRow(from: from, event: $0, to: $1) }
    }
  }
}
