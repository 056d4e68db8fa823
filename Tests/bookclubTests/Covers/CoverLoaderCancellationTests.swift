import Foundation
import ImageDecoding
import Synchronization
import TestSupport
import Testing

@testable import bookclub

/// A cover's load is stopped, decode and all, when the last loader waiting for it is
/// cancelled (its book left the screen), and not before: no thread goes on decoding a
/// cover nobody will see.
@MainActor
@Suite struct CoverLoaderCancellationTests {
  @Test func theLoadIsCancelledWithTheLastLoaderWaitingForIt() async throws {
    let given = Mutex<DecodeCancellation?>(nil)
    let ended = Mutex(false)
    let work: CoverImageLoader.Work = { cancellation in
      given.withLock { $0 = cancellation }
      // Like a decode: at work until cancelled (a minute at most, so a failure cannot hang).
      let deadline = Date().addingTimeInterval(60)
      while !cancellation.isCancelled, Date() < deadline { usleep(1000) }
      ended.withLock { $0 = true }
      return CoverImageLoader.Found()
    }
    let first = CoverImageLoader(key: "cancel-\(UUID())", work: work)
    let second = CoverImageLoader(key: first.key, work: work)
    first.start { _ in }
    second.start { _ in }
    let cancellation = try await Wait.untilSome("the load to start") { given.withLock { $0 } }
    first.cancel()
    #expect(!cancellation.isCancelled, "another loader still waits for the cover")
    second.cancel()
    #expect(cancellation.isCancelled)
    try await Wait.until("the cancelled load to stop") { ended.withLock { $0 } }
    // A loader asking afterwards starts a load of its own, not the cancelled one.
    let third = CoverImageLoader(key: first.key, work: { _ in CoverImageLoader.Found() })
    third.start { _ in }
    try await Wait.until("a load of its own to start") {
      CoverImageLoader.started[first.key] == 2
    }
    third.cancel()
  }

  @Test func aBrowserLoaderDecodesABombCoverToNothingAtOnce() async throws {
    let home = TestHome()
    let cache = home.path(".cache/bookclub/covers")
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let isbn = "9780141439518"
    try Data(LargeImages.pngBomb(side: 4096)).write(
      to: URL(fileURLWithPath: cache + "/\(isbn).img"))
    let found = try await CoverLoading.load(
      isbn: isbn, environment: home.bookclub.environment, fetching: false)
    #expect(found.image == nil)
    #expect(found.problem == nil)  // the cover's own limit: no warning about the network
  }
}
