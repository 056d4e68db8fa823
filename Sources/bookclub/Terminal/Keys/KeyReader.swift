import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads key presses from a terminal on stdin, without waiting for Enter or echoing, whole:
/// an arrow or Page Down is one key, never an Escape followed by `[B` left for the shell.
///
/// The terminal's settings are restored after each key, and also when the process is
/// interrupted, terminated or hung up in between (see ``InterruptHandler``).
enum KeyReader {
  /// The terminal settings to put back if the process is interrupted while a key is awaited.
  static let savedSettings = Mutex<TerminalSettings?>(nil)

  /// Bytes decoded so far, and keys read but not asked for yet (typed ahead).
  private static let decoding = Mutex<(decoder: KeyDecoder, keys: [Key])>((KeyDecoder(), []))

  /// How long the bytes of one sequence may straggle: an `ESC` alone for longer is the
  /// Escape key.
  private static let sequenceWait: Int32 = 30

  /// Waits for the next key.
  ///
  /// - Returns: The key; `nil` at the end of input.
  static func nextKey() -> Key? {
    if let key = decoding.withLock({ $0.keys.isEmpty ? nil : $0.keys.removeFirst() }) {
      return key
    }
    InterruptHandler.endOnTerminationToo()  // Ctrl-C, SIGTERM, SIGHUP: the terminal back
    guard let original = TerminalSettings.of(STDIN_FILENO) else { return nil }
    savedSettings.withLock { $0 = original }
    original.keyByKey.apply(to: STDIN_FILENO)
    defer {
      original.apply(to: STDIN_FILENO)
      savedSettings.withLock { $0 = nil }
    }
    while true {
      var bytes = [UInt8](repeating: 0, count: 64)
      let count = read(STDIN_FILENO, &bytes, bytes.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      let key = decoding.withLock { state -> Key? in
        state.keys += state.decoder.decode(bytes[..<count], isComplete: false)
        if state.decoder.isWaiting, !moreBytesArrive() {
          state.keys += state.decoder.decode([], isComplete: true)
        }
        return state.keys.isEmpty ? nil : state.keys.removeFirst()
      }
      if let key { return key }
    }
  }

  /// Forgets what was typed ahead, read or not, so none of it reaches the shell after
  /// bookclub exits.
  static func discardTypedAhead() {
    decoding.withLock { $0 = (KeyDecoder(), []) }
    TerminalSettings.discardUnreadInput(of: STDIN_FILENO)
  }

  /// Whether stdin has more bytes within ``sequenceWait`` milliseconds.
  private static func moreBytesArrive() -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, sequenceWait) > 0
  }

  /// Puts back the terminal settings saved by a pending ``nextKey()``, if any.
  static func restoreTerminal() {
    savedSettings.withLock { saved in _ = saved?.apply(to: STDIN_FILENO) }
  }
}
