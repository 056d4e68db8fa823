#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's arguments as they were given, checked to be UTF-8. Swift's own
/// `CommandLine.arguments` replaces invalid bytes with U+FFFD, which would store a title
/// that is not the one typed; bookclub refuses such an argument instead.
enum RawArguments {
  /// The arguments after the program name.
  ///
  /// - Throws: ``UsageError/invalidValue(_:for:allowed:)`` naming the first argument that is
  ///   not UTF-8.
  static func read() throws(UsageError) -> [String] {
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map {
        UInt8(bitPattern: $0)
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw .invalidValue(
          String(decoding: bytes, as: UTF8.self), for: "argument \(index)",
          allowed: "It is not UTF-8 text; check the terminal's encoding (locale).")
      }
      arguments.append(text)
    }
    return arguments
  }
}
