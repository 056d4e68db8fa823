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
/// loaders ask for one cover, one load of it runs at a time in the whole program.
@MainActor
final class CoverImageLoader {
  /// What one load found: the cover's pixels (`nil`: none to show), and why a fetch
  /// failed, when it did.
  struct Found: Sendable {
    var image: RGBImage?
    var problem: String?
  }

  /// Loads a cover.
  typealias Work = @Sendable () -> Found

  let key: String
  /// What one load does (run by itself in tests).
  let work: Work
  private var task: Task<Void, Never>?

  /// Loads in flight, by key, that loaders of the same cover share.
  private static var inFlight: [String: Task<Found, Never>] = [:]
  /// How many loads ran, by key, for the tests of sharing.
  private(set) static var started: [String: Int] = [:]

  init(key: String, work: @escaping Work) {
    self.key = key
    self.work = work
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
    return CoverImageLoader(key: "\(isbn)/\(columns)") {
      let cache = CoverCache(environment: environment)
      var problem: String?
      if fetching, cache.isStale(isbn, now: Date().milliseconds) {
        do {
          _ = try cache.fetch(isbn, now: Date().milliseconds)
        } catch {
          problem = error.explanation
        }
      }
      guard cache.entry(isbn)?.missing != true, let bytes = cache.image(isbn),
        let image = try? RGBImage.decode(bytes)
      else { return Found(problem: problem) }
      let rows = max(2, Int(Double(image.height) / Double(image.width) * Double(columns)) / 2 * 2)
      return Found(image: image.scaled(toWidth: columns, height: rows), problem: problem)
    }
  }

  /// Starts loading; `deliver` gets the cover unless ``cancel()`` came first, and `failed`
  /// hears why a fetch failed, if one did.
  func start(
    deliver: @escaping @MainActor (RGBImage) -> Void,
    failed: @escaping @MainActor (String) -> Void = { _ in }
  ) {
    task?.cancel()
    let (key, work) = (self.key, self.work)
    task = Task {
      let found = await Self.shared(key, work)
      if let problem = found.problem { failed(problem) }
      guard !Task.isCancelled, let image = found.image else { return }  // stale: book gone
      deliver(image)
    }
  }

  /// Stops caring: a result that comes later is dropped.
  func cancel() {
    task?.cancel()
    task = nil
  }

  private static func shared(_ key: String, _ work: @escaping Work) async -> Found {
    if let running = inFlight[key] { return await running.value }
    started[key, default: 0] += 1
    let running = Task<Found, Never> {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
      }
    }
    inFlight[key] = running
    let image = await running.value
    inFlight[key] = nil
    return image
  }
}
