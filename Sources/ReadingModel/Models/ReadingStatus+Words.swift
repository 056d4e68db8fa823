// The words a reader may type for a status: bookclub's own, and those Goodreads and
// StoryGraph use for the same shelves, so a reader leaving either types what they know.
extension ReadingStatus {
  /// Every other word read as a status, by the status it names.
  public static let aliases: [String: ReadingStatus] = [
    "want-to-read": .wantToRead, "want to read": .wantToRead, "to-read": .wantToRead,
    "currently-reading": .reading, "currently reading": .reading,
    "read": .finished,
    "dnf": .abandoned, "did-not-finish": .abandoned, "did not finish": .abandoned,
    "on-hold": .paused, "on hold": .paused,
  ]

  /// The status a typed word names: bookclub's own word (`want`, `reading`, `finished`,
  /// `abandoned`, `paused`), or Goodreads' and StoryGraph's (`to-read`, `currently-reading`,
  /// `read`, `dnf`, `on-hold`…), whatever its case; `nil` for any other word.
  ///
  /// - Parameter word: What the reader typed.
  public init?(word: String) {
    let folded = word.lowercased()
    guard let status = ReadingStatus(rawValue: folded) ?? Self.aliases[folded] else {
      return nil
    }
    self = status
  }
}
