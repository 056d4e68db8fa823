/// Reading the Up Next queue. One read transaction.
public protocol UpNextReading: Sendable {
  /// The books of the queue in order, at most `limit` (all when `nil`).
  func upNext(limit: Int?) async throws -> [Book]
}
