extension PagingDataState {
  /// Whether the first page is in flight (first load, retry or refresh).
  public var isLoading: Bool {
    switch self {
    case .initialLoading, .reLoading, .retryLoading: true
    default: false
    }
  }

  /// Whether the first load is in flight, with nothing to show yet.
  public var isInitialLoading: Bool {
    if case .initialLoading = self { return true }
    return false
  }

  /// Whether a next page is in flight.
  public var isPaging: Bool {
    if case .paging = self { return true }
    return false
  }

  /// Whether any request is in flight.
  public var isBusy: Bool { isLoading || isPaging }

  /// Whether ``startPaging()`` would start paging: from `success` and `pagingFailure` only
  /// (DESIGN.md section 3), so never after a failed refresh.
  public var canStartPaging: Bool {
    switch self {
    case .success, .pagingFailure: true
    default: false
    }
  }

  /// The list on screen, in every state that has one.
  public var value: V? {
    switch self {
    case .reLoading(let value), .success(let value), .paging(let value),
      .pagingFailure(let value, _), .reLoadingFailure(let value, _):
      value
    case .idle, .initialLoading, .retryLoading, .loadingFailure:
      nil
    }
  }

  /// The error on screen, in every state that has one.
  public var error: E? {
    switch self {
    case .retryLoading(let error), .loadingFailure(let error), .pagingFailure(_, let error),
      .reLoadingFailure(_, let error):
      error
    case .idle, .initialLoading, .reLoading, .success, .paging:
      nil
    }
  }
}

extension PagingDataState {
  /// The same state with its list changed by `transform`; states without a list are kept.
  ///
  /// - Parameter transform: Makes the new list from the one shown.
  /// - Returns: The state, in the same case, with the new list.
  public func mapValue(_ transform: (V) -> V) -> PagingDataState {
    switch self {
    case .reLoading(let value): .reLoading(transform(value))
    case .success(let value): .success(transform(value))
    case .paging(let value): .paging(transform(value))
    case .pagingFailure(let value, let error): .pagingFailure(transform(value), error)
    case .reLoadingFailure(let value, let error): .reLoadingFailure(transform(value), error)
    case .idle, .initialLoading, .retryLoading, .loadingFailure: self
    }
  }
}
