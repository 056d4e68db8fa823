/// Where a reader stands with a book.
public enum ReadingStatus: String, Sendable, Codable, CaseIterable, Hashable {
  /// On the list, not started.
  case wantToRead = "want"
  /// Started and not yet finished.
  case reading
  /// Read to the end.
  case finished
  /// Put down for good.
  case abandoned
  /// Started and put aside for a while, meant to be picked up again: not abandoned, and not
  /// being read (its reading stays open; its pace stops).
  case paused
}

// The words a person reads on screen for a status: the one vocabulary that `list`, `show`,
// `status`, the browser's column and tabs, and every message take their words from. Where
// room is short the short form is the name's first word (`want` for `want to read`), so it
// is always a word of the same name. Files keep their own words (Goodreads' `to-read`).
extension ReadingStatus {
  /// The status as it reads in a sentence or a table: "want to read", "reading", "finished",
  /// "abandoned".
  public var displayName: String {
    switch self {
    case .wantToRead: "want to read"
    case .reading: "reading"
    case .finished: "finished"
    case .abandoned: "abandoned"
    case .paused: "paused"
    }
  }

  /// ``displayName`` where room is short: its first word ("want"); the others are one word.
  public var shortName: String {
    String(displayName.prefix { $0 != " " })
  }

  /// ``displayName`` as a heading or a tab says it: "Want to read", "Reading", ...
  public var title: String { Self.capitalizingFirst(displayName) }

  /// ``shortName`` as a heading or a tab says it: "Want", "Reading", ...
  public var shortTitle: String { Self.capitalizingFirst(shortName) }

  private static func capitalizingFirst(_ words: String) -> String {
    words.prefix(1).uppercased() + words.dropFirst()
  }
}
