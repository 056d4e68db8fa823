import Foundation
import TestSupport

extension Process {
  /// Waits for a process already started to end, sleeping as a task between looks (never
  /// `waitUntilExit`, which holds one of the concurrency pool's few threads meanwhile).
  ///
  /// - Returns: Its exit status (or the signal that ended it).
  /// - Throws: ``Wait/GaveUp`` if it still runs after `limit` (a hang guard); it runs on.
  @discardableResult
  func exited(limit: Duration = Wait.hangGuard) async throws -> Int32 {
    try await Wait.until("\(executableURL?.lastPathComponent ?? "a process") to end", limit: limit)
    {
      !isRunning
    }
    return terminationStatus
  }
}
