/// The load sequence of every store, written once (DESIGN.md principle 3, seed 002): one
/// request in flight, run in its own task; each request carries a token, and a result is
/// handed back only while its token is current.
///
/// A request goes stale when ``cancel()`` is called or a newer request starts; the task
/// that awaits it being cancelled counts as cancelling it. A stale result is never applied,
/// however it ends: a source that ignores cancellation and answers anyway changes nothing.
@MainActor
public final class LoadSequence<Value: Sendable> {
  /// How a request ended, for the store to settle its state by.
  public enum Outcome {
    /// The result, still current.
    case finished(Result<Value, any Error>)
    /// Cancelled through the awaiting task, or by a `CancellationError` from the source:
    /// the store returns to its last settled state.
    case cancelled
    /// Cancelled by ``LoadSequence/cancel()`` or superseded: whoever made it stale has
    /// settled the state already, so nothing is to be done.
    case stale
  }

  private var inFlight: (token: Int, task: Task<Value, any Error>)?

  public init() {}
  private var lastToken = 0

  /// Whether a request is in flight.
  public var isInFlight: Bool { inFlight != nil }

  /// Runs `operation` as the current request, superseding any in flight.
  ///
  /// - Parameters:
  ///   - executor: Where the request runs; `nil` for the shared pool.
  ///   - operation: The request.
  /// - Returns: How it ended.
  public func run(
    on executor: (any TaskExecutor)?, _ operation: @escaping @Sendable () async throws -> Value
  ) async -> Outcome {
    inFlight?.task.cancel()
    lastToken += 1
    let token = lastToken
    let task = Task(executorPreference: executor) { try await operation() }
    inFlight = (token, task)
    let result = await withTaskCancellationHandler {
      await task.result
    } onCancel: {
      task.cancel()
    }
    guard inFlight?.token == token else { return .stale }
    inFlight = nil
    if Task.isCancelled { return .cancelled }
    if case .failure(let error) = result, error is CancellationError { return .cancelled }
    return .finished(result)
  }

  /// Cancels the request in flight; its result, should it still arrive, is dropped.
  ///
  /// - Returns: Whether a request was in flight.
  @discardableResult
  public func cancel() -> Bool {
    guard let inFlight else { return false }
    inFlight.task.cancel()
    self.inFlight = nil
    return true
  }
}
