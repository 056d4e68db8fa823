import Dispatch
import ImageDecoding
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Seed 004's image loader, for one displayed cover: it loads (from the cache, fetching when
/// `updateArtwork` allows), decodes and scales the cover off the main thread, and hands it
/// over only if it was not cancelled meanwhile (its book left the screen). However many
/// loaders ask for one cover, one load of it runs at a time in the whole program; when the
/// last of them is cancelled, so is the load, and its decode stops within milliseconds.
@MainActor
final class CoverImageLoader {
  /// What one load found: the cover's pixels (`nil`: none to show), and why a fetch
  /// failed, when it did.
  struct Found: Sendable {
    var image: RGBImage?
    var problem: String?
  }

  /// Loads a cover, stopping early (with no image) once its cancellation is cancelled.
  typealias Work = @Sendable (DecodeCancellation) -> Found

  let key: String
  /// What one load does.
  private let load: Work
  private var task: Task<Void, Never>?
  /// The shared load this loader waits for, until it is delivered or cancelled.
  private var joined: SharedLoad?

  /// Loads in flight, by key, that loaders of the same cover share.
  private static var inFlight: [String: SharedLoad] = [:]
  /// How many loads ran, by key, for the tests of sharing.
  private(set) static var started: [String: Int] = [:]

  init(key: String, work: @escaping Work) {
    self.key = key
    load = work
  }

  /// One load, run by itself, never cancelled (for the tests).
  var work: @Sendable () -> Found {
    let load = self.load
    return { load(DecodeCancellation()) }
  }

  /// The loader of a book's cover scaled to `columns` wide, as the browser shows it; `nil`
  /// for a book without an ISBN-13.
  ///
  /// - Parameter fetching: Whether a missing or old cover may be fetched (`updateArtwork`,
  ///   and no fetch has failed yet); otherwise only the cache is read.
  static func forBook(
    _ book: Book, columns: Int, environment: [String: String], fetching: Bool
  ) -> CoverImageLoader? {
    guard let isbn = book.isbn13 else { return nil }
    return CoverImageLoader(key: "\(isbn)/\(columns)") { cancellation in
      let cache = CoverCache(environment: environment)
      var problem: String?
      if fetching, !cancellation.isCancelled, cache.isStale(isbn, now: Date().milliseconds) {
        do {
          _ = try cache.fetch(isbn, now: Date().milliseconds)
        } catch is CoverDecodeError {
          // The cover itself is past the limits: not the network's failure, nothing to warn of.
        } catch {
          problem = error.explanation
        }
      }
      guard !cancellation.isCancelled, cache.entry(isbn)?.missing != true,
        let bytes = cache.image(isbn),
        let image = try? CoverDecoding.decode(bytes, width: columns, cancellation: cancellation)
      else { return Found(problem: problem) }
      let rows = max(2, Int(image.heightPerWidth * Double(columns)) / 2 * 2)
      return Found(image: image.scaled(toWidth: columns, height: rows), problem: problem)
    }
  }

  /// Starts loading; `deliver` gets the cover unless ``cancel()`` came first, and `failed`
  /// hears why a fetch failed, if one did.
  func start(
    deliver: @escaping @MainActor (RGBImage) -> Void,
    failed: @escaping @MainActor (String) -> Void = { _ in }
  ) {
    cancel()
    let load = Self.join(key, self.load)
    joined = load
    task = Task {
      let found = await load.found
      if let problem = found.problem { failed(problem) }
      guard !Task.isCancelled, let image = found.image else { return }  // stale: book gone
      deliver(image)
    }
  }

  /// Stops caring: a result that comes later is dropped, and the load itself is stopped
  /// when no other loader waits for it.
  func cancel() {
    task?.cancel()
    task = nil
    guard let load = joined else { return }
    joined = nil
    load.waiting -= 1
    if load.waiting == 0 {
      load.cancellation.cancel()
      // A loader that asks again later starts a load of its own.
      if Self.inFlight[key] === load { Self.inFlight[key] = nil }
    }
  }

  /// The load of `key` in flight, joined, or a new one started on a thread of its own (off
  /// the main thread and off Swift's few cooperative threads, which it would hold).
  private static func join(_ key: String, _ work: @escaping Work) -> SharedLoad {
    if let running = inFlight[key] {
      running.waiting += 1
      return running
    }
    started[key, default: 0] += 1
    let load = SharedLoad()
    let cancellation = load.cancellation
    load.task = Task<Found, Never> {
      let found = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work(cancellation)) }
      }
      if inFlight[key] === load { inFlight[key] = nil }
      return found
    }
    inFlight[key] = load
    return load
  }
}

/// One load of a cover and the loaders waiting for it.
@MainActor
private final class SharedLoad {
  let cancellation = DecodeCancellation()
  var waiting = 1
  var task: Task<CoverImageLoader.Found, Never>?

  /// What the load found (nothing, if it never started).
  var found: CoverImageLoader.Found {
    get async { await task?.value ?? CoverImageLoader.Found() }
  }
}
