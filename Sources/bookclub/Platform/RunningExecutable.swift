#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file of the program running now, as the system knows it: for starting bookclub
/// again (a background sync) and for finding programs installed beside it.
enum RunningExecutable {
  /// The running program's path.
  ///
  /// - Returns: The path; `nil` when the system cannot say (Linux without `/proc`).
  static func path() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    #else
      return nil
    #endif
  }
}
