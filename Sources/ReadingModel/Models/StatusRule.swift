/// How a book's status follows its progress.
///
/// The first progress above 0 starts a book; reaching 100% finishes it; progress on a
/// finished or abandoned book reopens it.
public enum StatusRule {
  /// The status a book should have after a new entry.
  ///
  /// - Parameters:
  ///   - status: The book's status before the entry.
  ///   - fraction: The new entry's progress.
  /// - Returns: The new status; the same one when nothing changes.
  public static func status(after status: ReadingStatus, recording fraction: Double)
    -> ReadingStatus
  {
    if fraction >= 1 { return .finished }
    switch status {
    case .wantToRead: return fraction > 0 ? .reading : .wantToRead
    case .finished, .abandoned, .reading: return .reading
    }
  }
}
