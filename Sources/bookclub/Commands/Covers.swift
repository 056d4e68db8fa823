import Dispatch
import ReadingModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Bookclub {
  /// `bookclub covers`: the cover cache.
  struct Covers: CommandGroup {
    static let signature = CommandSignature(
      name: "covers",
      abstract: "Fetch covers from Open Library into the cache, or clear it.",
      discussion: """
        Covers are kept under $XDG_CACHE_HOME/bookclub/covers (default ~/.cache/bookclub/covers) \
        with what Open Library said of them, and checked again after 30 days.
        """,
      subcommands: [Fetch.self, Clear.self])
  }
}
