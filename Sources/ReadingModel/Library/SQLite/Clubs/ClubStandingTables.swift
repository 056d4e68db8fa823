#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A club's standing as its journals are read: the latest event of each slot per member,
/// the progress that starts the pace, the latest shared notes (``Schema/clubStanding``,
/// ``Schema/clubJournalResume``), on the connection of a transaction ``SQLiteLibrary``
/// opened.
struct ClubStandingTables {
  let connection: SQLiteConnection

  /// Folds what a read of a member's journal gathered (``ClubJournalFold``) into the
  /// club's standing, keeping it bounded (``ClubJournalFold/bookLimit``, ``noteLimit``, one
  /// pace point an hour), and records where the next read starts.
  func ingest(
    _ fold: ClubJournalFold, of member: String, in clubID: String,
    through point: ClubJournal.ReadPoint
  ) throws {
    let club = SQLiteValue.text(clubID)
    let who = SQLiteValue.text(member)
    for (slot, event) in fold.latest {
      try upsert(event, slot: slot, keeping: ">", club: club, member: who)
    }
    if let joined = fold.firstJoined {
      try upsert(
        joined, slot: "first-joined", keeping: "<", club: club, member: who)
    }
    try insertNotes(fold.notes, club: club, member: who)
    try insertPace(fold.recentProgress, club: club, member: who)
    try keepLatestBooks(club: club, member: who)
    try connection.run(
      """
      INSERT INTO club_journals (club_id, member_id, read_offset, line_number, check_length,
        check_hash, last_seq, file_stamp)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (club_id, member_id) DO UPDATE SET read_offset = excluded.read_offset,
        line_number = excluded.line_number, check_length = excluded.check_length,
        check_hash = excluded.check_hash, last_seq = excluded.last_seq,
        file_stamp = excluded.file_stamp
      """,
      [
        club, who, .integer(Int64(point.offset)), .integer(Int64(point.lineNumber)),
        .integer(Int64(point.checkLength)), .integer(point.checkHash),
        .integer(Int64(point.lastSequence)), .integer(point.fileStamp),
      ])
  }

  /// Where each member's journal was last read to.
  func readPoints(_ clubID: String) throws -> [String: ClubJournal.ReadPoint] {
    Dictionary(
      try connection.all(
        """
        SELECT member_id, read_offset, line_number, check_length, check_hash, last_seq,
          file_stamp
        FROM club_journals WHERE club_id = ?
        """, [.text(clubID)]
      ) { row in
        (
          row.text(0),
          ClubJournal.ReadPoint(
            offset: Int(row.int64(1)), lineNumber: Int(row.int64(2)),
            checkLength: Int(row.int64(3)), checkHash: row.int64(4),
            lastSequence: Int(row.int64(5)), fileStamp: row.int64(6))
        )
      }, uniquingKeysWith: { $1 })
  }

  /// Each member's name as their latest `joined` gives it (members not named yet are
  /// missing), for warnings about their journals.
  func memberNames(_ clubID: String) throws -> [String: String] {
    Dictionary(
      try connection.all(
        """
        SELECT member_id, text FROM club_standing
        WHERE club_id = ? AND slot = 'joined' AND text <> ''
        """, [.text(clubID)]
      ) { ($0.text(0), $0.text(1)) }, uniquingKeysWith: { $1 })
  }

  /// The events a club's standing is folded from (``ClubStatus``): the latest pick; each
  /// member's first `joined` and latest event of each slot (those about another book only
  /// as activity); the progress that starts each member's 14-day pace on the picked book;
  /// and, with `notes`, the shared notes kept on it. A few rows per member, however long
  /// the journals.
  ///
  /// - Parameter now: The time the future is judged from, as ``ClubStatus`` judges it.
  func standingEvents(_ clubID: String, notes: Bool, now: Int64) throws -> [ClubEvent] {
    let club = SQLiteValue.text(clubID)
    let pick = try self.pick(of: club, now: now)
    let book = pick?.kind.book
    var events = pick.map { [$0] } ?? []
    // A member's latest note counts as activity here, unless it is one of the notes read
    // below (the same line twice would be folded once, maybe as the activity).
    events += try connection.all(
      """
      SELECT member_id, seq, time_ms, CASE kind WHEN 'note' THEN 'note-activity' ELSE kind END,
        book_key, fraction, page, rating, text, CASE kind WHEN 'joined' THEN line END
      FROM club_standing WHERE club_id = ? AND kind <> 'picked'
        AND NOT (? AND kind = 'note' AND book_key IS ?)
      """, [club, .integer(notes ? 1 : 0), book.map { .text($0.key) }]
    ) { Self.event($0, book: book) }
    guard let book else { return events }
    let key = SQLiteValue.text(book.key)
    // Each member's pace starts at their first progress in the window of their latest
    // (``ClubStatus/paceStart(before:)``): one lookup per member along the table's key. A
    // point's hour is its time's, so the first hour from the window's on holds the first
    // point: read in the key's order, one row, not every point of the window sorted.
    let latest = try connection.all(
      "SELECT member_id, time_ms FROM club_standing WHERE club_id = ? AND slot = ?",
      [club, .text(ClubJournalFold.slot(of: .progress(book, fraction: 0, page: nil)))]
    ) { (member: $0.text(0), time: $0.int64(1)) }
    for (member, time) in latest {
      let start = ClubStatus.paceStart(before: time)
      events += try connection.all(
        Self.paceStart,
        [
          club, .text(member), key, .integer(ClubJournalFold.paceHour(of: start)),
          .integer(start),
        ]
      ) { Self.event($0, book: book) }
    }
    if notes {
      events += try connection.all(
        """
        SELECT member_id, seq, time_ms, 'note', book_key, fraction, NULL, NULL, text, NULL
        FROM club_notes WHERE club_id = ? AND book_key = ? ORDER BY time_ms
        """, [club, key]
      ) { Self.event($0, book: book) }
    }
    return events
  }

  /// A member's first progress on a book from a time on (club, member, book key, the
  /// time's hour, the time), as an event's columns.
  static let paceStart = """
    SELECT member_id, seq, time_ms, 'progress', book_key, fraction, NULL, NULL, NULL, NULL
    FROM club_pace WHERE club_id = ? AND member_id = ? AND book_key = ? AND hour >= ?
      AND time_ms >= ?
    ORDER BY hour LIMIT 1
    """

  /// The latest pick of any member not dated past `now` and ``ClubStatus/futureSkew``,
  /// decoded from its line (a pick carries the book's details).
  func pick(of club: SQLiteValue, now: Int64) throws -> ClubEvent? {
    try connection.first(Self.latestPick, [club, .integer(now + ClubStatus.futureSkew)]) {
      ClubEvent(jsonLine: Array($0.text(0).utf8))
    } ?? nil
  }

  /// A club's latest pick up to a time (club, time), read backwards off the picks' own
  /// index (``Schema/clubPicks``).
  static let latestPick = """
    SELECT line FROM club_standing WHERE club_id = ? AND kind = 'picked' AND time_ms <= ?
    ORDER BY time_ms DESC, member_id DESC, seq DESC LIMIT 1
    """

  /// Keeps `event` in its slot when the slot is empty, or when its sequence is greater
  /// (`keeping` `>`) or smaller (`<`) than the one there: a member's order is theirs, not
  /// their clock's.
  private func upsert(
    _ event: ClubEvent, slot: String, keeping order: String, club: SQLiteValue,
    member: SQLiteValue
  ) throws {
    // A pick carries the book's details, a `joined` its person: kept whole, as the line.
    let line: SQLiteValue? =
      switch event.kind {
      case .picked, .joined: .text(String(decoding: event.jsonLine.dropLast(), as: UTF8.self))
      default: nil
      }
    try connection.run(
      """
      INSERT INTO club_standing (club_id, member_id, slot, seq, time_ms, kind, book_key,
        fraction, page, rating, text, line)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (club_id, member_id, slot) DO UPDATE SET seq = excluded.seq,
        time_ms = excluded.time_ms, kind = excluded.kind, book_key = excluded.book_key,
        fraction = excluded.fraction, page = excluded.page, rating = excluded.rating,
        text = excluded.text, line = excluded.line
      WHERE excluded.seq \(order) club_standing.seq
      """,
      [
        club, member, .text(slot), .integer(Int64(event.sequence)), .integer(event.time),
        .text(event.kind.name), event.kind.book.map { .text($0.key) },
      ] + Self.columns(of: event.kind) + [line])
  }

  /// An event rebuilt from the columns member, seq, time, kind, book key, fraction, page,
  /// rating, text and a `joined`'s line. `book` is the picked book: an event about another
  /// book is kept only as activity.
  private static func event(_ row: SQLiteRow, book: ClubBook?) -> ClubEvent {
    let name = row.text(3)
    let about = row.optionalText(4)
    let current = about == nil ? nil : (about == book?.key ? book : nil)
    let kind: ClubEvent.Kind
    switch (name, current) {
    case ("joined", _):
      // Its line carries the person; a row kept before lines were kept has the name only.
      let line = row.optionalText(9).flatMap { ClubEvent(jsonLine: Array($0.utf8)) }
      if case .joined? = line?.kind, line?.member == row.text(0) {
        kind = line!.kind
      } else {
        kind = .joined(name: row.optionalText(8) ?? "")
      }
    case ("left", _): kind = .left
    case ("progress", let book?):
      kind = .progress(
        book, fraction: row.optionalDouble(5) ?? 0, page: row.optionalInt64(6).map { Int($0) })
    case ("note", let book?):
      kind = .note(book, text: row.optionalText(8) ?? "", fraction: row.optionalDouble(5) ?? 0)
    case ("finished", let book?): kind = .finished(book)
    case ("abandoned", let book?): kind = .abandoned(book)
    case ("rated", let book?): kind = .rated(book, rating: row.optionalDouble(7))
    default: kind = .unknown(name)
    }
    return ClubEvent(
      member: row.text(0), sequence: Int(row.int64(1)), time: row.int64(2), kind: kind)
  }

  /// The columns an event's fields are kept in: fraction, page, rating, text.
  private static func columns(of kind: ClubEvent.Kind) -> [SQLiteValue?] {
    switch kind {
    case .progress(_, let fraction, let page):
      [.real(fraction), page.map { .integer(Int64($0)) }, nil, nil]
    case .note(_, let text, let fraction): [.real(fraction), nil, nil, .text(text)]
    case .rated(_, let rating): [nil, nil, rating.map(SQLiteValue.real), nil]
    case .joined(let name, _): [nil, nil, nil, .text(name)]
    case .left, .picked, .finished, .abandoned, .unknown: [nil, nil, nil, nil]
    }
  }
}
