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
  /// Loads a cover's pixels: `nil` when there is none to show.
  typealias Work = @Sendable () -> RGBImage?

  let key: String
  private let work: Work
  private var task: Task<Void, Never>?

  /// Loads in flight, by key, that loaders of the same cover share.
  private static var inFlight: [String: Task<RGBImage?, Never>] = [:]
  /// How many times a load ran, for the tests of sharing.
  private(set) static var started = 0

  init(key: String, work: @escaping Work) {
    self.key = key
    self.work = work
  }

  /// The loader of a book's cover scaled to `columns` wide, as the browser shows it; `nil`
  /// for a book without an ISBN-13.
  static func forBook(
    _ book: Book, columns: Int, environment: [String: String], updateArtwork: Bool
  ) -> CoverImageLoader? {
    guard let isbn = book.isbn13 else { return nil }
    return CoverImageLoader(key: "\(isbn)/\(columns)") {
      let cache = CoverCache(environment: environment)
      if updateArtwork, cache.isStale(isbn, now: Date().milliseconds) {
        _ = try? cache.fetch(isbn, now: Date().milliseconds)
      }
      guard cache.entry(isbn)?.missing != true, let bytes = cache.image(isbn),
        let image = try? RGBImage.decode(bytes)
      else { return nil }
      let rows = max(2, Int(Double(image.height) / Double(image.width) * Double(columns)) / 2 * 2)
      return image.scaled(toWidth: columns, height: rows)
    }
  }

  /// Starts loading; `deliver` gets the cover unless ``cancel()`` came first.
  func start(deliver: @escaping @MainActor (RGBImage) -> Void) {
    task?.cancel()
    let (key, work) = (self.key, self.work)
    task = Task {
      let image = await Self.shared(key, work)
      guard !Task.isCancelled, let image else { return }  // stale: its book has gone
      deliver(image)
    }
  }

  /// Stops caring: a result that comes later is dropped.
  func cancel() {
    task?.cancel()
    task = nil
  }

  private static func shared(_ key: String, _ work: @escaping Work) async -> RGBImage? {
    if let running = inFlight[key] { return await running.value }
    started += 1
    let running = Task<RGBImage?, Never> {
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
