#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ProgressTables {
  /// Records a position that came with other data (a session's end, a device's place) as a
  /// progress entry, when it is newer than the book's newest position and further on: a
  /// position logged since is never moved back, and a finished or abandoned book is not
  /// reopened.
  ///
  /// - Returns: The entry recorded, or `nil` when none was.
  func recordForward(_ fraction: Double, at time: Date, of book: Book) throws
    -> ReadingProgress.Entry?
  {
    guard book.status != .finished, book.status != .abandoned else { return nil }
    if let latest = try position(of: book.id, before: nil),
      latest.time >= time || latest.progress >= fraction
    {
      return nil
    }
    return try appendEntry(to: book.id, reread: nil) { _, _ in
      EntryDraft(progress: fraction, time: time)
    }.entry
  }

  /// Records where the last of `sessions` ended (``recordForward(_:at:of:)``): its end
  /// position, or its last page of the book's pages.
  func recordEnd(of sessions: [ReadingSession], of book: Book) throws -> ReadingProgress.Entry? {
    let ends = sessions.compactMap { session -> (Double, Date)? in
      if let position = session.endPosition { return (position, session.end) }
      guard let page = session.lastPage, let pages = book.pageCount, pages > 0 else { return nil }
      return (min(Double(page) / Double(pages), 1), session.end)
    }
    guard let (fraction, time) = ends.max(by: { $0.1 < $1.1 }) else { return nil }
    return try recordForward(fraction, at: time, of: book)
  }
}
