#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A flag that stops a decode: set on one thread, seen by the decode on another at its
/// next check (every row of blocks, every few thousand bytes).
public final class DecodeCancellation: @unchecked Sendable {
  // A plain mutex: the flag is read a few hundred times a decode, so its cost is nothing,
  // and it needs no newer platform than the package's.
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var cancelled = false

  public init() {
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// Stops the decode at its next check.
  public func cancel() {
    pthread_mutex_lock(lock)
    cancelled = true
    pthread_mutex_unlock(lock)
  }

  public var isCancelled: Bool {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return cancelled
  }
}
