import Dispatch
import Foundation
import Synchronization

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
  /// Folders to delete if the process is interrupted: throwaway state such as the demo's.
  private static let throwawayFolders = Mutex<Set<String>>([])

  // Kept alive for the life of the process.
  @MainActor private static var source: DispatchSourceSignal?

  /// Installs the handler. Runs on a global queue so it works while the main thread is
  /// blocked waiting for a key.
  @MainActor static func install() {
    signal(SIGINT, SIG_IGN)
    let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    // A function, not a closure: a closure written here would be main-actor isolated, and
    // the handler runs on a global queue.
    signalSource.setEventHandler(handler: interrupted)
    signalSource.resume()
    source = signalSource
  }

  /// Deletes `path` should the process be interrupted before ``forget(_:)``.
  static func deleteOnInterrupt(_ path: String) {
    throwawayFolders.withLock { _ = $0.insert(path) }
  }

  /// Stops deleting `path` on interrupt: its owner has cleaned it up.
  static func forget(_ path: String) {
    throwawayFolders.withLock { _ = $0.remove(path) }
  }

  private nonisolated static func interrupted() {
    KeyReader.restoreTerminal()
    for path in throwawayFolders.withLock({ $0 }) {
      try? FileManager.default.removeItem(atPath: path)
    }
    _ = write(STDERR_FILENO, "\n", 1)
    _exit(ExitCode.interrupted.rawValue)
  }
}
