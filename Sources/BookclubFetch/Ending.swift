import Foundation

/// The ways the helper ends before its fetch does: a signal (Ctrl-C reaches it with
/// bookclub, bookclub passes on its own), or bookclub gone (its end of the lifeline pipe
/// closes, however bookclub ended, SIGKILL included). Each removes the output file first.
enum Ending {
  /// The output file's path, for signal handlers, which can take no lock and allocate
  /// nothing. Set once, before any handler is installed.
  nonisolated(unsafe) private static var outputPath: UnsafeMutablePointer<CChar>?

  /// Kept alive for the life of the process.
  nonisolated(unsafe) private static var lifelineSource: (any DispatchSourceRead)?

  /// On SIGINT, SIGTERM and SIGHUP, removes `path` and ends as the signal would have.
  static func removeOnEveryExit(_ path: String) {
    outputPath = strdup(path)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      var action = sigaction()
      #if os(Linux)
        action.__sigaction_handler.sa_handler = { number in
          Ending.removeOutputAndEnd(bySignal: number)
        }
      #else
        action.__sigaction_u.__sa_handler = { number in
          Ending.removeOutputAndEnd(bySignal: number)
        }
      #endif
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
  }

  /// Ends the helper when `descriptor` reads end of file: bookclub, which holds the other
  /// end of the pipe, is gone. Bytes that come on it mean nothing and are dropped.
  static func endWhenClosed(_ descriptor: Int32) {
    let source = DispatchSource.makeReadSource(
      fileDescriptor: descriptor, queue: .global(qos: .utility))
    source.setEventHandler {
      var bytes = [UInt8](repeating: 0, count: 64)
      let count = read(descriptor, &bytes, bytes.count)
      if count < 0, errno == EINTR || errno == EAGAIN { return }
      if count <= 0 { removeOutputAndExit(status: 1) }
    }
    source.resume()
    lifelineSource = source
  }

  /// Removes the output file, then ends by the signal itself, so that bookclub sees it
  /// stopped rather than a helper that exited saying nothing. Async-signal-safe: `unlink`,
  /// `signal`, `raise` and `_exit` only.
  private static func removeOutputAndEnd(bySignal number: Int32) -> Never {
    if let outputPath { unlink(outputPath) }
    signal(number, SIG_DFL)
    raise(number)
    _exit(128 + number)  // only when the signal is blocked
  }

  /// Async-signal-safe: `unlink` and `_exit` only.
  private static func removeOutputAndExit(status: Int32) -> Never {
    if let outputPath { unlink(outputPath) }
    _exit(status)
  }
}
