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
final class BrowserInput: Sendable {
  let events: AsyncStream<BrowserEvent>
  private let continuation: AsyncStream<BrowserEvent>.Continuation
  private let queue: DispatchQueue
  /// The decoder, and a count of reads so that a late Escape timer knows more bytes came.
  private let decoding = Mutex<(decoder: KeyDecoder, reads: Int)>((KeyDecoder(), 0))
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
      let event: BrowserEvent = number == SIGWINCH ? .resize : .terminate
      source.setEventHandler { [continuation] in continuation.yield(event) }
      source.resume()
    }
  }

  /// Delivers an event from elsewhere: a store's change, a tick.
  func send(_ event: BrowserEvent) {
    continuation.yield(event)
  }

  /// Stops reading stdin until ``resume()``: another program has the terminal. Returns once
  /// no read is under way.
  func pause() {
    reader.suspend()
    queue.sync {}
  }

  /// Reads stdin again; what was half-decoded before the pause is forgotten.
  func resume() {
    decoding.withLock { $0.decoder = KeyDecoder() }
    reader.resume()
  }

  private func readAvailable() {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else {
      reader.cancel()
      continuation.yield(.endOfInput)
      return
    }
    let (keys, waiting, reads) = decoding.withLock { state in
      state.reads += 1
      let keys = state.decoder.decode(bytes[..<count], isComplete: false)
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
