import ImageDecoding
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Covers fetched from Open Library, kept under `$XDG_CACHE_HOME/bookclub/covers/`: the image
/// as it came (`<isbn13>.img`) and what came with it (`<isbn13>.meta`: the validators, when
/// it was fetched, or that Open Library has no cover). Files are written whole or not at
/// all, so a fetch cut short leaves nothing half-written.
struct CoverCache: Sendable {
  /// What is known of one cover.
  struct Entry {
    var etag: String?
    var lastModified: String?
    var fetchedMs: Int64
    /// Open Library has no cover for the ISBN (a 404).
    var missing: Bool
  }

  /// A cover older than this is checked again (with its validators) when it is shown.
  static let freshFor: Int64 = 30 * 86_400_000

  let folder: String
  let environment: [String: String]

  init(environment: [String: String]) {
    self.environment = environment
    folder = UserFolder.cache.path(environment: environment) + "/covers"
  }

  private var base: String {
    let configured = environment["BOOKCLUB_COVERS_URL"] ?? ""
    let base = configured.isEmpty ? "https://covers.openlibrary.org" : configured
    return base.hasSuffix("/") ? String(base.dropLast()) : base
  }

  func imagePath(_ isbn: String) -> String { folder + "/\(isbn).img" }
  private func metaPath(_ isbn: String) -> String { folder + "/\(isbn).meta" }

  /// The cached image's bytes, if there is one: a regular file no larger than a fetch may
  /// bring (a FIFO or a device put there is no cover, and never blocks).
  func image(_ isbn: String) -> [UInt8]? {
    (try? SmallFile.read(imagePath(isbn), limit: FetchHelper.maxBytes)).flatMap { $0 }
      .map(Array.init)
  }

  /// What is known of the cover, read from its `.meta` file (a small regular file).
  func entry(_ isbn: String) -> Entry? {
    guard let data = (try? SmallFile.read(metaPath(isbn))).flatMap({ $0 }) else { return nil }
    var parser = JSONParser(bytes: Array(data))
    guard case .object(let fields)? = try? parser.value() else { return nil }
    return Entry(
      etag: fields["etag"]?.string, lastModified: fields["lastModified"]?.string,
      fetchedMs: fields["fetched"]?.integer ?? 0, missing: fields["missing"] == .bool(true))
  }

  /// Whether the cover needs fetching: never fetched, or fetched more than 30 days ago.
  func isStale(_ isbn: String, now: Int64) -> Bool {
    guard let entry = entry(isbn) else { return true }
    return now - entry.fetchedMs > Self.freshFor
  }

  /// What one fetch did.
  enum Outcome: Equatable {
    case fetched, unchanged, noCover
  }

  /// Fetches (or revalidates) the cover of `isbn` into the cache.
  ///
  /// - Parameter timeoutLimit: Seconds to wait for an answer at most.
  /// - Throws: ``FetchError``, ``LookupError`` (a busy or failing server),
  ///   ``CoverDecodeError`` (a cover past the pixels a cover may have).
  func fetch(_ isbn: String, now: Int64, timeoutLimit: Double? = nil) throws -> Outcome {
    let known = entry(isbn)
    let helper = FetchHelper(environment: environment, timeoutLimit: timeoutLimit)
    let response: FetchHelper.Response
    do throws(FetchError) {
      response = try helper.get(
        "\(base)/b/isbn/\(isbn)-M.jpg?default=false",
        etag: known?.missing == false ? known?.etag : nil,
        lastModified: known?.missing == false ? known?.lastModified : nil)
    } catch {
      if error.isUnreachable { rememberUnreachable(now: now) }
      throw error
    }
    forgetUnreachable()  // it answered
    switch response.status {
    case 200:
      // Only an image this bookclub can draw is kept: an HTML page sent as a cover is not,
      // nor one past the pixels a cover may have (checked at the smallest scale). No time
      // limit here: a busy machine is no reason to refuse a cover for good.
      do {
        _ = try CoverDecoding.decode(response.body, width: 1, timeLimit: nil)
      } catch {
        guard error.isLimit else { throw LookupError.notAnImage }
        // Told once: remembered as no cover to draw, so the next runs do not fetch it again
        // until the cache's entry is stale.
        try save(Entry(fetchedMs: now, missing: true), isbn)
        throw error
      }
      try write(response.body, to: imagePath(isbn))
      try save(
        Entry(
          etag: response.etag, lastModified: response.lastModified, fetchedMs: now, missing: false),
        isbn)
      return .fetched
    case 304:
      var entry = known ?? Entry(fetchedMs: now, missing: false)
      entry.fetchedMs = now
      try save(entry, isbn)
      return .unchanged
    case 404:
      unlink(imagePath(isbn))
      try save(Entry(fetchedMs: now, missing: true), isbn)
      return .noCover
    case 429, 503: throw LookupError.busy(retryAfter: response.retryAfter)
    default: throw LookupError.status(response.status)
    }
  }

  /// Removes every cached cover.
  ///
  /// - Returns: How many covers were removed.
  @discardableResult
  func clear() -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var removed = 0
    // With what a second Ctrl-C left mid-write; only covers really removed are counted.
    for name in names
    where name.hasSuffix(".img") || name.hasSuffix(".meta") || name.contains(".tmp-") {
      if unlink(folder + "/" + name) == 0, name.hasSuffix(".img") { removed += 1 }
    }
    return removed
  }

  private func save(_ entry: Entry, _ isbn: String) throws {
    var fields: [String: JSONValue] = [
      "fetched": .integer(entry.fetchedMs), "missing": .bool(entry.missing),
    ]
    if let etag = entry.etag { fields["etag"] = .string(etag) }
    if let date = entry.lastModified { fields["lastModified"] = .string(date) }
    try write(Array(JSONValue.object(fields).text.utf8), to: metaPath(isbn))
  }

  private func write(_ bytes: [UInt8], to path: String) throws {
    // Four fetches may create the folder at once; the write says if it is really missing.
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AtomicFile.write(Data(bytes), to: path)
  }
}
