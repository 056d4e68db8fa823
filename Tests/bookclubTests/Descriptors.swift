import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The descriptors of the test process, as children started by hand see them.
enum Descriptors {
  /// Marks every descriptor of this process close-on-exec, before a long-lived child (the
  /// tmux server, the stand-in for Open Library) is started with `posix_spawn`. Nothing of
  /// this process may live on in it: Foundation watches each running child through a
  /// socket, and a server holding one would keep that child's end from ever being noticed
  /// (and another test waiting for that child would wait forever).
  static func closeOnExec() {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in descriptors.compactMap({ Int32($0) }) where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }
}
