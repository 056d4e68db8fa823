#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress bar redrawn in place on stderr, from any thread: for work that runs off the
/// main actor, such as an import inside the library.
struct ProgressLine: Sendable {
  let label: String

  /// Draws `fraction` done, with a count.
  func draw(_ fraction: Double, detail: String) {
    let text = "\r\u{1B}[2K\(label) \(ProgressBar().render(fraction)) \(detail)"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }

  /// Erases the line.
  func clear() {
    let text = "\r\u{1B}[2K"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}
