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

/// That Open Library could not be reached, remembered for a while in the cache folder
/// (`unreachable`, the time it was): offline, `show` says so once and then shows books
/// without fetching their covers, as the browser does for as long as it runs, instead of
/// waiting for and printing the same failure on every command.
extension CoverCache {
  /// How long a failure to reach Open Library keeps `show` from fetching covers.
  static let unreachableFor: Int64 = 10 * 60_000

  private var unreachablePath: String { folder + "/unreachable" }

  /// Whether a fetch failed to reach Open Library less than ``unreachableFor`` ago (a time
  /// later than now, from a clock put back, counts as now).
  func wasUnreachable(now: Int64) -> Bool {
    guard let data = (try? SmallFile.read(unreachablePath, limit: 64)).flatMap({ $0 }),
      let since = Int64(String(decoding: data, as: UTF8.self).trimmingWhitespace())
    else { return false }
    return now - min(since, now) < Self.unreachableFor
  }

  /// Remembers that Open Library could not be reached at `now`.
  func rememberUnreachable(now: Int64) {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? AtomicFile.write(Data("\(now)\n".utf8), to: unreachablePath)
  }

  /// Forgets it: Open Library answered.
  func forgetUnreachable() {
    unlink(unreachablePath)
  }
}

extension FetchError {
  /// Whether the server was not reached at all (offline, no DNS, no answer in time), as
  /// opposed to one that answered badly.
  var isUnreachable: Bool {
    switch self {
    case .offline, .dns, .timeout: true
    default: false
    }
  }
}
