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

/// A write to stdout or stderr that failed: a full disk, a device error.
struct OutputError: Error, LocalizedError {
  let descriptor: Int32
  let code: Int32

  var errorDescription: String? {
    let stream = descriptor == 1 ? "standard output" : "standard error"
    return "Could not write to \(stream): \(String(cString: strerror(code))). The output is "
      + "incomplete; free some space or write somewhere else, and run the command again."
  }
}
