#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-way channel between bookclub and a child, whose ends no other child inherits.
///
/// On Linux the ends are close-on-exec from the start (a socket pair; Swift cannot see
/// `pipe2`), as children start side by side (fetches, git) and a writing end leaked into
/// another child would keep this one open. Elsewhere it is a pipe marked close-on-exec
/// just after it is made.
struct DescriptorPipe {
  /// The end bookclub reads, or gives a child as its stdin.
  let reading: Int32
  /// The end a child writes, or bookclub writes for a child to read.
  let writing: Int32

  /// Opens a channel.
  ///
  /// - Returns: Its two ends; `nil` when the system has no descriptors left.
  static func make() -> DescriptorPipe? {
    var ends: [Int32] = [0, 0]
    #if os(Linux)
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
    #else
      guard pipe(&ends) == 0 else { return nil }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    #endif
    return DescriptorPipe(reading: ends[0], writing: ends[1])
  }
}
