import ReadingModel

/// The status filters of the browser's library pane, on keys `1` to `5` and Tab.
enum BrowserTab: Int, CaseIterable, Sendable {
  case all, reading, wantToRead, finished, abandoned, paused

  /// The status the tab lists; `nil` for every book.
  var status: ReadingStatus? {
    switch self {
    case .all: nil
    case .reading: .reading
    case .wantToRead: .wantToRead
    case .finished: .finished
    case .abandoned: .abandoned
    case .paused: .paused
    }
  }

  /// The tab's name: the status's title (``ReadingStatus/title``), or "All".
  var title: String { status?.title ?? "All" }

  /// The name where the full ones do not fit: the status's short title ("Want"), a word of
  /// the same name, never a cut one.
  var shortTitle: String { status?.shortTitle ?? "All" }

  /// The tab after this one, back to the first after the last.
  var next: BrowserTab { BrowserTab(rawValue: (rawValue + 1) % Self.allCases.count) ?? .all }

  /// The tab before this one, for Shift-Tab.
  var previous: BrowserTab {
    BrowserTab(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count) ?? .all
  }
}
