#if canImport(CDispatchMainQueue)
  import CDispatchMainQueue
  import Synchronization

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Runs the program on its main thread, draining the main queue (the main actor's) itself.
  ///
  /// An `async` `main` would call `dispatch_main()`, which ends the main thread with
  /// `pthread_exit`: in a static binary that unwinds through a sort of every frame table in
  /// it, 20 ms before the first line of bookclub runs. Here the main thread stays, waits on
  /// libdispatch's main-queue descriptor and runs what is queued, as a run loop does.
  ///
  /// The work prefers ``executor``: the library's actor and everything else it awaits run on
  /// the main thread too, so a command that reads a page starts no thread at all.
  enum MainThreadLoop {
    /// The exit status, once the work has one.
    private static let status = Mutex<Int32?>(nil)

    /// Runs jobs on the main queue, between the main actor's.
    static let executor: (any TaskExecutor)? = MainQueueExecutor()

    /// Runs `work` on the main actor and exits with the status it returns.
    ///
    /// - Parameter work: The program.
    static func run(_ work: @escaping @MainActor @Sendable () async -> Int32) -> Never {
      Task(executorPreference: executor) {
        let code = await work()
        status.withLock { $0 = code }
      }
      let port = _dispatch_get_main_queue_port_4CF()
      while true {
        if let code = status.withLock({ $0 }) { exit(code) }
        var descriptor = pollfd(fd: port, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, -1) > 0 else { continue }  // EINTR: wait again
        var count: UInt64 = 0
        _ = read(port, &count, MemoryLayout<UInt64>.size)  // readable, so it does not block
        _dispatch_main_queue_callback_4CF(nil)
      }
    }
  }
#else
  /// Elsewhere `main` is `async`, and work runs on the shared pool.
  enum MainThreadLoop {
    static let executor: (any TaskExecutor)? = nil
  }
#endif
