#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// Buffered text written to a file descriptor (stdout or stderr).
///
/// Owns its buffer, so nothing touches the C library's shared `stdout`; writes go out in
/// large chunks when `bufferLimit` is reached, on ``flush()``, and when the output ends.
///
/// A failed write is remembered, not ignored: the command then fails (exit 1) saying the
/// output is incomplete. A closed pipe (`bookclub list | head`) ends the process quietly,
/// as it ends other Unix tools (exit 141, as if by SIGPIPE).
@MainActor
final class TextOutput {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let bufferLimit: Int
  /// The error of the first write that failed; nothing more is written after it.
  private(set) var failure: Int32?

  /// - Parameters:
  ///   - descriptor: Where to write.
  ///   - bufferLimit: How many bytes to collect before writing; 0 writes every time.
  init(descriptor: Int32, bufferLimit: Int) {
    self.descriptor = descriptor
    self.bufferLimit = bufferLimit
    buffer.reserveCapacity(bufferLimit)
  }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= bufferLimit { flush() }
  }

  /// Writes UTF-8 bytes as they are.
  func write(bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= bufferLimit { flush() }
  }

  /// Writes `text` and a newline.
  func line(_ text: String = "") {
    write(text + "\n")
  }

  func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes {
        systemWrite(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0, errno == EINTR { continue }
      if written < 0, errno == EPIPE { _exit(ExitCode.closedPipe.rawValue) }
      guard written > 0 else {
        failure = written < 0 ? errno : EIO
        return
      }
      offset += written
    }
  }

  /// Throws if a write has failed: long outputs check as they go, to stop early.
  ///
  /// - Throws: ``OutputError`` naming the stream and the reason.
  func throwIfFailed() throws(OutputError) {
    if let failure { throw OutputError(descriptor: descriptor, code: failure) }
  }

  /// Flushes, and throws if anything written did not arrive.
  func checkWritten() throws(OutputError) {
    flush()
    try throwIfFailed()
  }
}
