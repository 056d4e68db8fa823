#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment, read straight off `environ`: every command reads it once at
/// start, and Foundation's `ProcessInfo.environment` took about a tenth of a short command's
/// instructions (a `list` at 1,000 books) to build the same dictionary.
public enum ProcessEnvironment {
  /// Every variable, by name; of a name given twice, the first, as `getenv` reads it.
  /// An entry without `=` is left out; bytes that are not UTF-8 are repaired as `String`
  /// repairs them.
  public static func current() -> [String: String] {
    var variables: [String: String] = [:]
    #if canImport(Darwin)
      guard var entry = _NSGetEnviron()?.pointee else { return variables }
    #else
      guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else {
        return variables
      }
    #endif
    while let text = entry.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
      }
      entry += 1
    }
    return variables
  }

  /// One variable, or `nil` when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
