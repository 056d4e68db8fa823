#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes how long each frame took to a file named by `BOOKCLUB_BROWSE_TIMINGS`, for the
/// benchmarks in `bench/`: one line per key, `key <microseconds>` (handle, render, diff,
/// write), and one per search that settled, `search <microseconds> <text>` from the
/// keystroke to the frame that shows its result.
@MainActor
final class BrowserTimings {
  /// The file, opened for appending; -1 when it could not be.
  private let descriptor: Int32
  /// When the newest search keystroke came, while its result is awaited.
  private var searchStarted: ContinuousClock.Instant?

  init(path: String) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
  }

  /// Notes the frame drawn for `event`, which started at `started`.
  func record(_ event: BrowserEvent, model: BrowserModel, since started: ContinuousClock.Instant) {
    let now = ContinuousClock.now
    switch event {
    case .key:
      append("key \(Self.microseconds(now - started))")
      if model.isEditingSearch, model.pending != nil { searchStarted = started }
    case .changed:
      if let searchStarted, model.pending == nil {
        append("search \(Self.microseconds(now - searchStarted)) \(model.search ?? "")")
        self.searchStarted = nil
      }
    default: return
    }
  }

  /// Writes a line at once: the process may end by a signal.
  private func append(_ line: String) {
    guard descriptor >= 0 else { return }
    let text = line + "\n"
    _ = text.withCString { write(descriptor, $0, strlen($0)) }
  }

  private static func microseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1_000_000
      + Int(duration.components.attoseconds / 1_000_000_000_000)
  }
}
