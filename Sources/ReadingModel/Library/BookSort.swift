/// The orders a library can be listed in. Each is total (ties broken by id), so keyset
/// paging never skips or repeats a book.
public enum BookSort: String, Sendable, CaseIterable, Codable {
  /// Oldest added first.
  case id
  /// By title, ignoring case and accents.
  case title
  /// By the first author's last name, ignoring case and accents.
  case author
  /// Most recently updated first.
  case updated
  /// Highest rated first; unrated books last.
  case rating
  /// Most recently finished first; books never finished last.
  case finished
  /// Most recently added first (by the date added, which imports carry over).
  case added
  /// In the order of the series the query names (``PageQuery/series``): by place, books
  /// without one last.
  case series
  /// In the order of the Up Next queue, for a list of its books (``PageQuery/queued``).
  case upNext

  /// Whether the order needs a series to be named: the others order any list.
  public var needsSeries: Bool { self == .series }

  /// Whether the order needs the list to be the Up Next queue.
  public var needsQueue: Bool { self == .upNext }

  /// The orders of any list: what a browser cycles through.
  public static let libraryOrders = allCases.filter { !$0.needsSeries && !$0.needsQueue }
}
