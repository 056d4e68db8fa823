import Foundation
import Testing

@testable import ReadingModel

#if canImport(Glibc)
  import Glibc
#endif

/// A library's waits (for the lock, for SQLite's write lock, for the disk) run on the
/// library's own queue, never on a thread of Swift's cooperative pool: other tasks go on.
@Suite struct LibraryExecutorTests {
  let folder = TemporaryFolder()
  var path: String { folder.path("library.sqlite") }

  @Test func tasksOnThePoolRunWhileMoreWritesThanCoresWaitForTheLock() async throws {
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    let lock = try #require(
      try LibraryLock.attempt(.exclusive, at: LibraryLock.path(of: path), library: path))
    let cores = ProcessInfo.processInfo.activeProcessorCount
    // More waiting writes than the pool has threads: were each to hold one while it waits,
    // no other task could run until the writes gave up (after the lock's time limit).
    let path = path
    let writes = (1...cores + 2).map { index in
      Task { try await SQLiteLibrary(path: path).add(try sampleBook(index)) }
    }
    // A thread's sleep, not a task's: gives the writes time to reach their wait (were the
    // pool theirs, a task's sleep could end only after their wait).
    usleep(300_000)
    let finished = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<cores * 4 {
        group.addTask { 1 }
      }
      return await group.reduce(0, +)
    }
    // Every task finished while the lock was still held: released only now.
    #expect(finished == cores * 4)
    _ = consume lock
    for write in writes {
      // Succeeds only if the lock was released within its time limit, which it is here
      // only when the tasks above did not have to wait for the writes to give up.
      _ = try await write.value
    }
    #expect(
      try await SQLiteLibrary(path: path).page(PageQuery(limit: 100)).books.count == cores + 3)
  }
}
