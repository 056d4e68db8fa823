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

  /// The words a person reads in a table: "want to read", "reading", ...
  public var displayName: String {
    switch self {
    case .wantToRead: "want to read"
    case .reading: "reading"
    case .finished: "finished"
    case .abandoned: "abandoned"
    }
  }
}
