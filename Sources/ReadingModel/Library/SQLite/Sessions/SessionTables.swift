#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `reading_sessions` rows, on the connection of a transaction ``SQLiteLibrary`` opened:
/// a book's sessions, every book's in a span of time, and the writes
/// ``SQLiteLibrary/apply(_:)`` makes. Opens no transaction.
struct SessionTables {
  let connection: SQLiteConnection

  /// The columns of a session, of the table named `s`.
  static let columns = """
    s.id, s.start_ms, s.seconds, s.start_position, s.end_position, s.first_page, s.last_page, \
    s.pages, s.device
    """
  static let columnCount: Int32 = 9

  static func session(from row: SQLiteRow, at first: Int32 = 0) -> ReadingSession {
    let pages = 0...StoredValue.pageCounts.upperBound
    return ReadingSession(
      id: UUID(uuidString: row.text(first)) ?? UUID(), start: row.date(first + 1),
      seconds: Int(row.int64(first + 2)), startPosition: row.optionalFraction(first + 3),
      endPosition: row.optionalFraction(first + 4), firstPage: row.integer(first + 5, in: pages),
      lastPage: row.integer(first + 6, in: pages), pages: row.integer(first + 7, in: pages),
      device: row.optionalText(first + 8))
  }

  /// The book's sessions, oldest first.
  func sessions(of book: Book.ID) throws -> [ReadingSession] {
    try sessions(of: book...book)[book] ?? []
  }

  /// The sessions of every book whose id is in `ids`, each book's oldest first.
  func sessions(of ids: ClosedRange<Book.ID>) throws -> [Book.ID: [ReadingSession]] {
    var found: [Book.ID: [ReadingSession]] = [:]
    try connection.forEach(
      """
      SELECT s.book_id, \(Self.columns) FROM reading_sessions s
      WHERE s.book_id BETWEEN ? AND ? ORDER BY s.book_id, s.start_ms, s.id
      """, [.integer(ids.lowerBound), .integer(ids.upperBound)]
    ) { row in
      found[row.int64(0), default: []].append(Self.session(from: row, at: 1))
    }
    return found
  }

  /// Every book's sessions that started from `start` up to `end`, oldest first, with their
  /// books' ids and formats.
  func sessions(from start: Date, to end: Date) throws -> [(
    book: Book.ID, session: ReadingSession
  )] {
    try connection.all(
      """
      SELECT s.book_id, \(Self.columns) FROM reading_sessions s
      WHERE s.start_ms >= ? AND s.start_ms < ? ORDER BY s.start_ms, s.id
      """, [.integer(start.milliseconds), .integer(end.milliseconds)]
    ) { ($0.int64(0), Self.session(from: $0, at: 1)) }
  }

  /// Adds the sessions the library does not have (by id) and did not remove; a device's
  /// session it has takes the device's time and pages (the device read on since, or
  /// counted again).
  ///
  /// - Returns: The sessions added, and those the device changed.
  func merge(_ sessions: [ReadingSession], into book: Book.ID) throws -> (
    added: [ReadingSession], updated: [ReadingSession]
  ) {
    var added: [ReadingSession] = []
    var updated: [ReadingSession] = []
    for session in sessions {
      if let problem = session.problem { throw problem }
      let id = session.id.uuidString
      if try connection.integer("SELECT 1 FROM removed_sessions WHERE id = ?", [.text(id)]) != nil {
        continue
      }
      // A session another book has stays with it: moving it would be a write to that
      // book outside the change's record, which no undo would put back.
      if let owner = try connection.integer(
        "SELECT book_id FROM reading_sessions WHERE id = ?", [.text(id)]), owner != book
      {
        continue
      }
      if let mine = try connection.first(
        "SELECT \(Self.columns) FROM reading_sessions s WHERE s.id = ?", [.text(id)],
        { Self.session(from: $0) })
      {
        guard session.device != nil, mine != session else { continue }
        try connection.run("DELETE FROM reading_sessions WHERE id = ?", [.text(id)])
        try insert(session, into: book)
        updated.append(session)
      } else {
        try insert(session, into: book)
        added.append(session)
      }
    }
    return (added, updated)
  }

  private func insert(_ session: ReadingSession, into book: Book.ID) throws {
    try connection.run(
      """
      INSERT INTO reading_sessions (id, book_id, start_ms, seconds, start_position,
        end_position, first_page, last_page, pages, device)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(session.id.uuidString), .integer(book), .integer(session.start.milliseconds),
        .integer(Int64(session.seconds)), session.startPosition.map { .real($0) },
        session.endPosition.map { .real($0) }, session.firstPage.map { .integer(Int64($0)) },
        session.lastPage.map { .integer(Int64($0)) }, session.pages.map { .integer(Int64($0)) },
        session.device.map { .text($0) },
      ])
  }

  /// The session whose id starts with `prefix` (any case), with its book; `nil` when none
  /// or several do.
  func session(startingWith prefix: String) throws -> (session: ReadingSession, book: Book.ID)? {
    let found = try connection.all(
      "SELECT s.book_id, \(Self.columns) FROM reading_sessions s WHERE s.id LIKE ? LIMIT 2",
      [.text(prefix.uppercased().filter { $0.isHexDigit || $0 == "-" } + "%")]
    ) { ($0.int64(0), Self.session(from: $0, at: 1)) }
    guard found.count == 1 else { return nil }
    return (found[0].1, found[0].0)
  }

  /// Removes a session; a device's leaves its id behind, so that reading the device again
  /// does not bring it back.
  ///
  /// - Returns: The session as it was.
  func remove(_ id: UUID) throws -> ReadingSession {
    guard let (session, book) = try session(startingWith: id.uuidString) else {
      throw ReadingSessionError.notFound(id.uuidString)
    }
    try connection.run("DELETE FROM reading_sessions WHERE id = ?", [.text(id.uuidString)])
    if session.device != nil {
      try connection.run(
        "INSERT OR IGNORE INTO removed_sessions (id, book_id) VALUES (?, ?)",
        [.text(id.uuidString), .integer(book)])
    }
    return session
  }
}
