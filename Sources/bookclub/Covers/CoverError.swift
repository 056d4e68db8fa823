#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a cover could not be had.
enum CoverError: Error, LocalizedError, Equatable {
  /// The book has no ISBN-13 to ask for.
  case noISBN(String)
  /// Some covers were not fetched.
  case someFailed(Int)
  /// Nothing in the cache and fetching is off.
  case notCached(String)
  /// `covers fetch` with `updateArtwork` off.
  case fetchingOff
  /// Open Library has no cover for it.
  case noCover(String)
  /// Not a terminal: a cover is only drawn on one.
  case notATerminal
  /// No way to draw one here; inside tmux, half blocks would be, if COLORTERM said so.
  case noProtocol(insideTmux: Bool)

  var errorDescription: String? {
    switch self {
    case .noISBN(let title):
      "“\(title)” has no ISBN-13, which covers are found by. Add one: bookclub edit <book> --isbn <isbn>"
    case .someFailed(let count):
      "\(count) \(count == 1 ? "cover was" : "covers were") not fetched; run it again later."
    case .notCached(let title):
      "No cover of “\(title)” is cached, and updateArtwork is off. Fetch it: bookclub covers fetch <book>"
    case .fetchingOff:
      "updateArtwork is off, so no cover is fetched. To fetch them: bookclub settings set updateArtwork true"
    case .noCover(let title): "Open Library has no cover of “\(title)”."
    case .notATerminal: "A cover is drawn on a terminal only; stdout is not one."
    case .noProtocol(insideTmux: true):
      "Inside tmux or screen, bookclub draws covers in half blocks, in 24-bit colour, when COLORTERM is truecolor or 24bit, and it is not here. If your terminal shows 24-bit colour through tmux: export COLORTERM=truecolor, or bookclub settings set coverProtocol halfblocks"
    case .noProtocol(insideTmux: false):
      "This terminal shows no pictures that bookclub knows of. In a truecolor terminal: bookclub settings set coverProtocol halfblocks"
    }
  }
}
