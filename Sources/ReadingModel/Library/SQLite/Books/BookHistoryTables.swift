#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A book's history (`book_events`): what `show` lists and the archive carries, on the
/// connection of a transaction ``SQLiteLibrary`` opened.
struct BookHistoryTables {
  let connection: SQLiteConnection

  /// The book's history, oldest first.
  func history(of bookID: Book.ID) throws -> [BookEvent] {
    try history(of: bookID...bookID)[bookID] ?? []
  }

  /// The history of every book whose id is in `ids`, oldest first, in one query.
  func history(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: [BookEvent]] {
    var history: [Book.ID: [BookEvent]] = [:]
    try connection.forEach(
      """
      SELECT book_id, time_ms, kind, detail FROM book_events
      WHERE book_id BETWEEN ? AND ? ORDER BY book_id, time_ms, rowid
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      history[row.int64(0), default: []].append(
        BookEvent(
          time: row.date(1),
          kind: BookEvent.Kind(rawValue: row.text(2)) ?? .edit,
          detail: row.text(3)))
    }
    return history
  }

  /// Adds an event to a book's history.
  func log(_ event: BookEvent, of bookID: Book.ID) throws {
    try connection.run(
      "INSERT INTO book_events (book_id, time_ms, kind, detail) VALUES (?, ?, ?, ?)",
      [
        .integer(bookID), .integer(event.time.milliseconds), .text(event.kind.rawValue),
        .text(event.detail),
      ])
  }

  /// Adds the events the book's history lacks, in their order. Events are a set: one with
  /// the same time, kind and detail as an event the book has is that event, so importing an
  /// archive again adds nothing.
  ///
  /// - Parameter isNewBook: The book was just inserted and has no history to read.
  /// - Returns: How many events were added.
  @discardableResult
  func addMissing(_ events: [BookEvent], to bookID: Book.ID, isNewBook: Bool = false) throws
    -> Int
  {
    guard !events.isEmpty else { return 0 }
    var known = isNewBook ? [] : Set(try history(of: bookID))
    var added = 0
    for event in events where known.insert(event).inserted {
      try log(event, of: bookID)
      added += 1
    }
    return added
  }
}
