import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C: puts the terminal back as it was and exits with status 130.
///
/// Library writes are transactions, so stopping between them loses nothing; stopping inside
/// one rolls it back (SQLite's journal), so exiting at once is safe.
enum InterruptHandler {
  // Kept alive for the life of the process.
  @MainActor private static var source: DispatchSourceSignal?

  /// Installs the handler. Runs on a global queue so it works while the main thread is
  /// blocked waiting for a key.
  @MainActor static func install() {
    signal(SIGINT, SIG_IGN)
    let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    signalSource.setEventHandler {
      KeyReader.restoreTerminal()
      let message = "\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      _exit(130)
    }
    signalSource.resume()
    source = signalSource
  }
}


