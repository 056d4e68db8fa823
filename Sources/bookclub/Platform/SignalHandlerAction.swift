#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension sigaction {
  /// An action that runs `handler`, no flags and no signals blocked while it runs. The
  /// field that holds a handler is named differently by glibc and by Darwin.
  ///
  /// - Parameter handler: What runs on the signal; it may make async-signal-safe calls only.
  init(handler: @convention(c) (Int32) -> Void) {
    self.init()
    #if os(Linux)
      __sigaction_handler.sa_handler = handler
    #else
      __sigaction_u.__sa_handler = handler
    #endif
  }
}
