/// The state of one asynchronous value, with no illegal combinations (seed 000).
///
/// Transitions follow DESIGN.md section 3; an event that cannot happen in a state (a result
/// with no request in flight, say) leaves the state unchanged.
public enum DataState<V, E: Error> {
  /// Nothing asked for yet.
  case idle
  /// The first load is in flight; nothing to show.
  case initialLoading
  /// A reload is in flight; the last value is still shown.
  case reLoading(V)
  /// A retry after a failure is in flight; the failure is still shown.
  case retryLoading(E)
  /// Loaded.
  case success(V)
  /// The last load failed and there is no value.
  case failure(E)

  /// Starts a load: idle → initialLoading, success → reLoading, failure → retryLoading.
  /// A no-op while a load is in flight.
  public mutating func startLoading() {
    switch self {
    case .idle: self = .initialLoading
    case .success(let value): self = .reLoading(value)
    case .failure(let error): self = .retryLoading(error)
    case .initialLoading, .reLoading, .retryLoading: return
    }
  }

  /// Settles the load in flight with its result; ignored when nothing is in flight.
  ///
  /// - Parameter result: The value loaded, or why it could not be.
  public mutating func finish(_ result: Result<V, E>) {
    guard isLoading else { return }
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// Cancels the load in flight, returning to the last settled state with no error recorded.
  public mutating func cancel() {
    switch self {
    case .initialLoading: self = .idle
    case .reLoading(let value): self = .success(value)
    case .retryLoading(let error): self = .failure(error)
    case .idle, .success, .failure: return
    }
  }
}

extension DataState: Sendable where V: Sendable, E: Sendable {}

// Declared here because Swift synthesizes `==` only in the type's own file.
extension DataState: Equatable where V: Equatable, E: Equatable {}
