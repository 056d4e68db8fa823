#if canImport(CDispatchMainQueue)
  import Dispatch
  import ReadingModel

  /// A task executor whose jobs go to the main queue, which ``MainThreadLoop`` drains: the
  /// tasks that prefer it run on the main thread, between the main actor's jobs, and so do
  /// the library's jobs they call (``MainThreadJobs``).
  final class MainQueueExecutor: TaskExecutor {
    init() {
      MainThreadJobs.use(self)
    }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
  }
#endif
