/// What keeps a club's standing small however long the journals (README, "Book clubs"):
/// per member, the latest notes of each book, one pace point an hour within the pace's
/// window, and the books they were most recently active on.
extension ClubStandingTables {
  /// Adds shared notes, then keeps each of their books' latest ``ClubJournalFold/noteLimit``
  /// of the member.
  func insertNotes(_ notes: [ClubEvent], club: SQLiteValue, member: SQLiteValue) throws {
    var books = Set<String>()
    for note in notes {
      guard case .note(let book, let text, let fraction) = note.kind else { continue }
      books.insert(book.key)
      try connection.run(
        """
        INSERT OR IGNORE INTO club_notes
          (club_id, member_id, seq, time_ms, book_key, fraction, text)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
        [
          club, member, .integer(Int64(note.sequence)), .integer(note.time), .text(book.key),
          .real(fraction), .text(text),
        ])
    }
    for book in books {
      try connection.run(
        """
        DELETE FROM club_notes WHERE club_id = ?1 AND member_id = ?2 AND book_key = ?3
          AND seq < (SELECT seq FROM club_notes WHERE club_id = ?1 AND member_id = ?2
            AND book_key = ?3 ORDER BY seq DESC LIMIT 1 OFFSET ?4)
        """, [club, member, .text(book), .integer(Int64(ClubJournalFold.noteLimit - 1))])
    }
  }

  /// Adds progress points for the pace (the earliest of each hour wins), then drops those
  /// outside the window of the member's latest progress on each book.
  func insertPace(_ progress: [ClubEvent], club: SQLiteValue, member: SQLiteValue) throws {
    var books = Set<String>()
    for point in progress {
      guard case .progress(let book, let fraction, _) = point.kind else { continue }
      books.insert(book.key)
      try connection.run(
        """
        INSERT INTO club_pace (club_id, member_id, book_key, hour, time_ms, seq, fraction)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (club_id, member_id, book_key, hour) DO UPDATE SET
          time_ms = excluded.time_ms, seq = excluded.seq, fraction = excluded.fraction
        WHERE (excluded.time_ms, excluded.seq) < (club_pace.time_ms, club_pace.seq)
        """,
        [
          club, member, .text(book.key), .integer(ClubJournalFold.paceHour(of: point.time)),
          .integer(point.time), .integer(Int64(point.sequence)), .real(fraction),
        ])
    }
    for book in books {
      let slot = SQLiteValue.text("progress:" + book)
      guard
        let latest = try connection.first(
          "SELECT time_ms FROM club_standing WHERE club_id = ? AND member_id = ? AND slot = ?",
          [club, member, slot], { $0.int64(0) })
      else { continue }
      try connection.run(
        """
        DELETE FROM club_pace WHERE club_id = ? AND member_id = ? AND book_key = ?
          AND (time_ms < ? OR time_ms > ?)
        """,
        [
          club, member, .text(book), .integer(ClubStatus.paceStart(before: latest)),
          .integer(latest),
        ])
    }
  }

  /// Forgets what the member did on books past the latest ``ClubJournalFold/bookLimit``
  /// they were active on (their picks stay).
  func keepLatestBooks(club: SQLiteValue, member: SQLiteValue) throws {
    let books = try connection.all(
      """
      SELECT book_key FROM club_standing
      WHERE club_id = ? AND member_id = ? AND book_key IS NOT NULL AND kind <> 'picked'
      GROUP BY book_key ORDER BY max(seq) DESC, book_key DESC
      """, [club, member]
    ) { $0.text(0) }
    for book in books.dropFirst(ClubJournalFold.bookLimit) {
      let key = SQLiteValue.text(book)
      try connection.run(
        """
        DELETE FROM club_standing
        WHERE club_id = ? AND member_id = ? AND book_key = ? AND kind <> 'picked'
        """, [club, member, key])
      for table in ["club_notes", "club_pace"] {
        try connection.run(
          "DELETE FROM \(table) WHERE club_id = ? AND member_id = ? AND book_key = ?",
          [club, member, key])
      }
    }
  }
}
