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
@MainActor
final class TextOutput {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let bufferLimit: Int

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
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes {
        systemWrite(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        break  // A closed pipe (`bookclub list | head`): nothing more can be said.
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
