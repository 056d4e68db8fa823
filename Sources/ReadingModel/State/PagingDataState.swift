/// The state of a paged list (seed 000), plus `reLoadingFailure` so that a failed refresh
/// keeps the list on screen.
///
/// Transitions follow DESIGN.md section 3; an event that cannot happen in a state leaves it
/// unchanged.
public enum PagingDataState<V, E: Error> {
  /// Nothing asked for yet.
  case idle
  /// The first page is in flight.
  case initialLoading
  /// The first page is being fetched again; the list stays.
  case reLoading(V)
  /// The first page is being fetched again after it failed.
  case retryLoading(E)
  /// Loaded.
  case success(V)
  /// The first page could not be loaded.
  case loadingFailure(E)
  /// The next page is in flight; the list stays.
  case paging(V)
  /// The next page could not be loaded; the list stays.
  case pagingFailure(V, E)
  /// A refresh failed; the list from before stays.
  case reLoadingFailure(V, E)

  /// Starts loading the first page. A no-op while anything is in flight.
  public mutating func startLoading() {
    switch self {
    case .idle: self = .initialLoading
    case .success(let value), .pagingFailure(let value, _), .reLoadingFailure(let value, _):
      self = .reLoading(value)
    case .loadingFailure(let error): self = .retryLoading(error)
    case .initialLoading, .reLoading, .retryLoading, .paging: return
    }
  }

  /// Starts loading the next page. Only from a settled list; the caller knows whether the
  /// list is exhausted and must not page then.
  public mutating func startPaging() {
    switch self {
    case .success(let value), .pagingFailure(let value, _): self = .paging(value)
    case .idle, .initialLoading, .reLoading, .retryLoading, .loadingFailure, .paging,
      .reLoadingFailure:
      return
    }
  }

  /// Settles the request in flight; ignored when nothing is in flight.
  ///
  /// - Parameters:
  ///   - result: The page loaded, or why it could not be.
  ///   - appending: How a next page joins the list loaded so far; used only when paging.
  public mutating func finish(_ result: Result<V, E>, appending: (V, V) -> V) {
    switch (self, result) {
    case (.initialLoading, .success(let page)), (.retryLoading, .success(let page)),
      (.reLoading, .success(let page)):
      self = .success(page)
    case (.initialLoading, .failure(let error)), (.retryLoading, .failure(let error)):
      self = .loadingFailure(error)
    case (.reLoading(let value), .failure(let error)):
      self = .reLoadingFailure(value, error)
    case (.paging(let value), .success(let page)):
      self = .success(appending(value, page))
    case (.paging(let value), .failure(let error)):
      self = .pagingFailure(value, error)
    default:
      return
    }
  }

  /// Cancels the request in flight: the list loaded so far stays and no error is recorded.
  public mutating func cancel() {
    switch self {
    case .initialLoading: self = .idle
    case .retryLoading(let error): self = .loadingFailure(error)
    case .reLoading(let value), .paging(let value): self = .success(value)
    case .idle, .success, .loadingFailure, .pagingFailure, .reLoadingFailure: return
    }
  }
}

extension PagingDataState: Sendable where V: Sendable, E: Sendable {}

// Declared here because Swift synthesizes `==` only in the type's own file.
extension PagingDataState: Equatable where V: Equatable, E: Equatable {}

extension PagingDataState where V: RangeReplaceableCollection, V.Element: Identifiable {
  /// Settles the request in flight, appending a next page without repeating any element
  /// already in the list.
  ///
  /// - Parameter result: The page loaded, or why it could not be.
  public mutating func finish(_ result: Result<V, E>) {
    finish(result) { loaded, page in
      let seen = Set(loaded.map(\.id))
      return loaded + page.filter { !seen.contains($0.id) }
    }
  }
}
