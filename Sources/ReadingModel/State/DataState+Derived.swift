extension DataState {
  /// Whether a load is in flight.
  public var isLoading: Bool {
    switch self {
    case .initialLoading, .reLoading, .retryLoading: true
    case .idle, .success, .failure: false
    }
  }

  /// Whether the first load is in flight, with nothing to show yet.
  public var isInitialLoading: Bool {
    if case .initialLoading = self { return true }
    return false
  }

  /// The value on screen: the loaded one, also while it reloads.
  public var value: V? {
    switch self {
    case .success(let value), .reLoading(let value): value
    case .idle, .initialLoading, .retryLoading, .failure: nil
    }
  }

  /// The error on screen: the last failure, also while it retries.
  public var error: E? {
    switch self {
    case .failure(let error), .retryLoading(let error): error
    case .idle, .initialLoading, .reLoading, .success: nil
    }
  }
}
