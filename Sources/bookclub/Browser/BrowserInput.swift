import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keys from stdin and the signals that matter to a full-screen program, as one stream of
/// ``BrowserEvent``s. Reading runs on a queue of its own, so the main thread stays free for
/// the stores' results; it pauses while an editor has the terminal.
///
/// SIGTERM, SIGHUP and a terminal that is gone also set ``ending`` at once, and reading stops
/// for good: the loop applies the keys read before them, without drawing, and ends.
final class BrowserInput: Sendable {
  let events: AsyncStream<BrowserEvent>
  private let continuation: AsyncStream<BrowserEvent>.Continuation
  private let queue: DispatchQueue
  /// The decoder, and a count of reads so that a late Escape timer knows more bytes came.
  private let decoding = Mutex<(decoder: KeyDecoder, reads: Int)>((KeyDecoder(), 0))
  /// Whether another program has the terminal (``pause()``): its keys are not ours.
  private let isPaused = Mutex(false)
  /// The event that ends the browser, once one has come.
  private let endingEvent = Mutex<BrowserEvent?>(nil)
  /// Dispatch sources are thread-safe, though not marked `Sendable`.
  nonisolated(unsafe) private let reader: any DispatchSourceRead
  nonisolated(unsafe) private let signals: [any DispatchSourceSignal]

  /// How long the bytes of one sequence may straggle before a lone `ESC` is the Escape key.
  private static let sequenceWait: DispatchTimeInterval = .milliseconds(30)

  init() {
    (events, continuation) = AsyncStream.makeStream(of: BrowserEvent.self)
    let queue = DispatchQueue(label: "bookclub.browse.input")
    self.queue = queue
    reader = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
    signals = [SIGWINCH, SIGTERM, SIGHUP].map {
      DispatchSource.makeSignalSource(signal: $0, queue: queue)
    }
  }

  /// Starts reading keys and watching for SIGWINCH, SIGTERM and SIGHUP.
  func start() {
    reader.setEventHandler { [self] in readAvailable() }
    reader.resume()
    for source in signals {
      let number = Int32(source.handle)
      signal(number, SIG_IGN)
      switch number {
      case SIGWINCH: source.setEventHandler { [continuation] in continuation.yield(.resize) }
      case SIGTERM:
        source.setEventHandler { [self] in
          // Keys typed before the signal still count (a prompt's Enter is a write): they
          // come first, if the signal woke this queue before stdin did.
          readTypedAhead()
          end(with: .terminate)
        }
      default: source.setEventHandler { [self] in end(with: .hangUp) }
      }
      source.resume()
    }
  }

  /// `.terminate` or `.hangUp` once either has come: the browser is to end.
  var ending: BrowserEvent? {
    endingEvent.withLock { $0 }
  }

  /// The terminal is gone (the screen could not be written): the browser is to end.
  func terminalGone() {
    queue.async { [self] in end(with: .hangUp) }
  }

  /// Stops reading stdin and watching signals, for good.
  func stop() {
    queue.sync {
      if !reader.isCancelled { reader.cancel() }
      for source in signals where !source.isCancelled { source.cancel() }
    }
  }

  /// Records the first ending, stops reading (a terminal that is gone reads nothing but
  /// errors) and wakes the loop. On ``queue``.
  private func end(with event: BrowserEvent) {
    let first = endingEvent.withLock { ending in
      defer { ending = ending ?? event }
      return ending == nil
    }
    guard first else { return }
    if !reader.isCancelled { reader.cancel() }
    continuation.yield(event)
  }

  /// Delivers an event from elsewhere: a store's change, a tick.
  func send(_ event: BrowserEvent) {
    continuation.yield(event)
  }

  /// Stops reading stdin until ``resume()``: another program has the terminal. Returns once
  /// no read is under way.
  func pause() {
    isPaused.withLock { $0 = true }
    reader.suspend()  // balanced by resume(), cancelled or not: dispatch requires it
    queue.sync {}
  }

  /// Reads stdin again; what was half-decoded before the pause is forgotten.
  func resume() {
    decoding.withLock { $0.decoder = KeyDecoder() }
    isPaused.withLock { $0 = false }
    reader.resume()
  }

  /// Reads what stdin has, all of it, on each wake-up: keys queued in the terminal come
  /// together, and a hang-up behind them is found at once, not left to a later wake-up.
  private func readAvailable() {
    repeat {
      guard readOnce() else { return }
    } while stdinHasMore()
  }

  /// Reads what stdin has now, without waiting for more.
  private func readTypedAhead() {
    guard !reader.isCancelled, !isPaused.withLock({ $0 }) else { return }
    while stdinHasMore(), readOnce() {}
  }

  /// Whether stdin can be read at once: bytes wait, or it hung up or failed.
  private func stdinHasMore() -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  /// Reads once and sends the keys.
  ///
  /// - Returns: Whether reading goes on (the terminal is there).
  private func readOnce() -> Bool {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    if count < 0, errno == EINTR || errno == EAGAIN { return false }
    // End of file or an error (EIO): on a terminal, both say it hung up.
    guard count > 0 else {
      end(with: .hangUp)
      return false
    }
    decode(bytes[..<count])
    return true
  }

  private func decode(_ bytes: ArraySlice<UInt8>) {
    let (keys, waiting, reads) = decoding.withLock { state in
      state.reads += 1
      let keys = state.decoder.decode(bytes, isComplete: false)
      return (keys, state.decoder.isWaiting, state.reads)
    }
    for key in keys { continuation.yield(.key(key)) }
    guard waiting else { return }
    // An ESC alone, or a cut sequence: if nothing more comes soon, it is what it is.
    queue.asyncAfter(deadline: .now() + Self.sequenceWait) { [self] in
      let keys = decoding.withLock { state -> [Key] in
        guard state.reads == reads else { return [] }
        return state.decoder.decode([], isComplete: true)
      }
      for key in keys { continuation.yield(.key(key)) }
    }
  }
}
