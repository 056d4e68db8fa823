import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C: cancels the work that asked to be cancellable (an import, which then rolls back
/// and says so), or else puts the terminal back as it was, stops the helpers it started
/// (removing their files) and exits with status 130. A second Ctrl-C always exits.
/// SIGTERM and SIGHUP end the same way, with 143 and 129, once something that changes the
/// terminal outside the browser asks for it (``endOnTerminationToo()``).
///
/// Library writes are transactions, so stopping between them loses nothing; stopping inside
/// one rolls it back (SQLite's journal), so exiting at once is safe.
///
/// The handler is installed only when there is something for it to do: a person at a
/// terminal, a throwaway folder, cancellable work or an editor. A script reading one page
/// gets SIGINT's default, which ends the process as the handler would (status 130 to its
/// shell), and starts no thread for it.
enum InterruptHandler {
  /// Folders to delete if the process is interrupted: throwaway state such as the demo's.
  private static let throwawayFolders = Mutex<Set<String>>([])

  /// What to undo before exiting, by a number of its own: a helper to stop, its file to
  /// remove (see ``cleaningUp(_:_:)``).
  private static let cleanups = Mutex<(next: Int, actions: [Int: @Sendable () -> Void])>((0, [:]))

  /// What to do instead of exiting, while cancellable work runs.
  private static let cancellation = Mutex<(@Sendable () -> Void)?>(nil)

  /// While set, Ctrl-C does nothing: an editor has the terminal, or the work is done and
  /// only its result is being told.
  private static let ignoring = Mutex(false)

  /// The signal source, once installed; kept alive for the life of the process.
  private static let source = Mutex<(any DispatchSourceSignal)?>(nil)

  /// Installs the handler, once. Runs on a global queue so it works while the main thread
  /// is blocked waiting for a key.
  static func install() {
    source.withLock { source in
      guard source == nil else { return }
      signal(SIGINT, SIG_IGN)
      let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
      signalSource.setEventHandler(handler: interrupted)
      signalSource.resume()
      source = signalSource
    }
  }

  /// The sources for SIGTERM and SIGHUP, once installed.
  private static let terminationSources = Mutex<[any DispatchSourceSignal]>([])

  /// From now on SIGTERM and SIGHUP end the process as Ctrl-C does, the terminal put back
  /// and every cleanup run, with their own statuses (128 + the signal): for what changes the
  /// terminal outside the browser (`list`'s pager, a key awaited), which their default would
  /// leave on the alternate screen with echo off. The browser does not ask: it ends on them
  /// in its own loop, once its writes are done (``BrowserInput``).
  static func endOnTerminationToo() {
    install()
    terminationSources.withLock { sources in
      guard sources.isEmpty else { return }
      for (number, status) in [(SIGTERM, ExitCode.terminated), (SIGHUP, .hungUp)] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { end(status: status) }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Deletes `path` should the process be interrupted before ``forget(_:)``.
  static func deleteOnInterrupt(_ path: String) {
    install()
    throwawayFolders.withLock { _ = $0.insert(path) }
  }

  /// Stops deleting `path` on interrupt: its owner has cleaned it up.
  static func forget(_ path: String) {
    throwawayFolders.withLock { _ = $0.remove(path) }
  }

  /// Runs `body`; should Ctrl-C end the process meanwhile, `cleanup` runs first.
  ///
  /// - Returns: What `body` returns.
  static func cleaningUp<T>(_ cleanup: @escaping @Sendable () -> Void, _ body: () throws -> T)
    rethrows -> T
  {
    let key = cleanUpOnInterrupt(cleanup)
    defer { forgetCleanup(key) }
    return try body()
  }

  /// Runs `cleanup` should Ctrl-C end the process, until ``forgetCleanup(_:)`` is given
  /// the number returned: for what spans awaits, such as a pager's alternate screen.
  static func cleanUpOnInterrupt(_ cleanup: @escaping @Sendable () -> Void) -> Int {
    cleanups.withLock { state in
      state.next += 1
      state.actions[state.next] = cleanup
      return state.next
    }
  }

  /// No longer runs the cleanup numbered `key` on Ctrl-C.
  static func forgetCleanup(_ key: Int) {
    cleanups.withLock { _ = $0.actions.removeValue(forKey: key) }
  }

  /// Runs `work` so that Ctrl-C cancels it rather than ending the process.
  ///
  /// - Throws: What `work` throws; `CancellationError` when it was cancelled.
  @MainActor
  static func cancellable<T: Sendable>(_ work: @escaping @Sendable () async throws -> T)
    async throws -> T
  {
    install()
    let task = Task { try await work() }
    cancellation.withLock { $0 = { task.cancel() } }
    defer { cancellation.withLock { $0 = nil } }
    return try await task.value
  }

  /// Runs `body` while Ctrl-C is ignored: the program in the foreground (an editor) gets it,
  /// and bookclub waits for that program instead of leaving it orphaned.
  static func ignoring<T>(_ body: () throws -> T) rethrows -> T {
    install()
    ignoring.withLock { $0 = true }
    defer { ignoring.withLock { $0 = false } }
    return try body()
  }

  /// From now on Ctrl-C is ignored: the work has committed, and the exit status must say so
  /// even if Ctrl-C comes while the result is printed.
  static func ignoreFromNowOn() {
    install()
    ignoring.withLock { $0 = true }
  }

  private nonisolated static func interrupted() {
    if ignoring.withLock({ $0 }) { return }
    if let cancel = cancellation.withLock({ current in
      defer { current = nil }
      return current
    }) {
      cancel()
      return
    }
    end(status: .interrupted)
  }

  /// Puts the terminal back, runs the cleanups, deletes the throwaway folders and exits.
  private nonisolated static func end(status: ExitCode) {
    KeyReader.restoreTerminal()
    ScreenGuard.restore()  // a full-screen program's alternate screen and raw mode
    for cleanup in cleanups.withLock({ $0.actions.values }) { cleanup() }
    for path in throwawayFolders.withLock({ $0 }) {
      try? FileManager.default.removeItem(atPath: path)
    }
    _ = write(STDERR_FILENO, "\n", 1)
    _exit(status.rawValue)
  }
}
