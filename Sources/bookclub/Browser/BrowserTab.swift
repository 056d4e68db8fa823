import ReadingModel

/// The status filters of the browser's library pane, and the Up Next queue, on keys `1` to
/// `7` and Tab.
enum BrowserTab: Int, CaseIterable, Sendable {
  case all, reading, wantToRead, finished, abandoned, paused, upNext

  /// The status the tab lists; `nil` for every book.
  var status: ReadingStatus? {
    switch self {
    case .all: nil
    case .reading: .reading
    case .wantToRead: .wantToRead
    case .finished: .finished
    case .abandoned: .abandoned
    case .paused: .paused
    case .upNext: nil
    }
  }

  /// Whether the tab lists the Up Next queue, in its order.
  var isQueue: Bool { self == .upNext }

  /// The tab's name: the status's title (``ReadingStatus/title``), "Up Next" or "All".
  var title: String { isQueue ? "Up Next" : status?.title ?? "All" }

  /// The name where the full ones do not fit: the status's short title ("Want"), a word of
  /// the same name, never a cut one.
  var shortTitle: String { isQueue ? "Next" : status?.shortTitle ?? "All" }

  /// The tab after this one, back to the first after the last.
  var next: BrowserTab { BrowserTab(rawValue: (rawValue + 1) % Self.allCases.count) ?? .all }

  /// The tab before this one, for Shift-Tab.
  var previous: BrowserTab {
    BrowserTab(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count) ?? .all
  }
}
