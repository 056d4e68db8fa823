#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The clubs you are in, their events read so far, and your events on their way to your
/// journals (DESIGN.md section 10).
extension SQLiteLibrary {
  /// Every club you are in, by name.
  public func clubs() throws -> [ClubMembership] {
    try reading(orIfMissing: []) { connection in
      try connection.all(
        "SELECT id, name, path, member_id, member_name, share_notes FROM clubs ORDER BY name"
      ) { row in
        ClubMembership(
          clubID: row.text(0), name: row.text(1), path: row.text(2), memberID: row.text(3),
          memberName: row.text(4), sharesNotes: row.int64(5) != 0)
      }
    }
  }

  /// Records that you are in a club, queueing your `joined` event.
  public func join(_ membership: ClubMembership, at time: Int64) throws {
    try writing { connection in
      try connection.run(
        """
        INSERT INTO clubs (id, name, path, member_id, member_name, share_notes, joined_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET path = excluded.path, share_notes = excluded.share_notes
        """,
        [
          .text(membership.clubID), .text(membership.name), .text(membership.path),
          .text(membership.memberID), .text(membership.memberName),
          .integer(membership.sharesNotes ? 1 : 0), .integer(time),
        ])
      _ = try Self.queue(
        [.joined(name: membership.memberName)], in: membership.clubID, at: time, on: connection)
    }
  }

  /// Forgets a club and what was read of it. Your journal stays in the club folder.
  public func leave(_ clubID: String) throws {
    try writing { connection in
      for table in ["club_outbox", "club_events", "club_journals"] {
        try connection.run("DELETE FROM \(table) WHERE club_id = ?", [.text(clubID)])
      }
      try connection.run("DELETE FROM clubs WHERE id = ?", [.text(clubID)])
    }
  }

  /// Queues your events for a club's journal, numbered after the last ones.
  ///
  /// - Returns: The events, numbered.
  @discardableResult
  public func queueClubEvents(_ kinds: [ClubEvent.Kind], in clubID: String, at time: Int64)
    throws -> [ClubEvent]
  {
    try writing { try Self.queue(kinds, in: clubID, at: time, on: $0) }
  }

  /// Your events not yet in your journal, oldest first.
  public func clubOutbox(_ clubID: String) throws -> [ClubEvent] {
    try reading(orIfMissing: []) { connection in
      try connection.all(
        "SELECT line FROM club_outbox WHERE club_id = ? ORDER BY seq", [.text(clubID)]
      ) { row in ClubEvent(jsonLine: Array(row.text(0).utf8)) }.compactMap { $0 }
    }
  }

  /// Marks your events up to `sequence` as written to your journal.
  public func clubEventsDelivered(_ clubID: String, through sequence: Int) throws {
    try writing { connection in
      try connection.run(
        "DELETE FROM club_outbox WHERE club_id = ? AND seq <= ?",
        [.text(clubID), .integer(Int64(sequence))])
    }
  }

  /// How far each member's journal has been read.
  public func clubReadOffsets(_ clubID: String) throws -> [String: Int] {
    try reading(orIfMissing: [:]) { connection in
      Dictionary(
        try connection.all(
          "SELECT member_id, read_offset FROM club_journals WHERE club_id = ?", [.text(clubID)]
        ) { row in (row.text(0), Int(row.int64(1))) }, uniquingKeysWith: { $1 })
    }
  }

  /// Keeps events read from a member's journal (a duplicate sequence is kept once) and
  /// where the next read starts.
  public func ingestClubEvents(
    _ events: [ClubEvent], of member: String, in clubID: String, endOffset: Int
  ) throws {
    try writing { connection in
      for event in events {
        try connection.run(
          """
          INSERT OR IGNORE INTO club_events
            (club_id, member_id, seq, time_ms, kind, book_key, fraction, page, rating, text, line)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(clubID), .text(member), .integer(Int64(event.sequence)), .integer(event.time),
            .text(event.kind.name), event.kind.book.map { .text($0.key) },
          ] + Self.columns(of: event.kind) + [
            .text(String(decoding: event.jsonLine.dropLast(), as: UTF8.self))
          ])
      }
      try connection.run(
        """
        INSERT INTO club_journals (club_id, member_id, read_offset) VALUES (?, ?, ?)
        ON CONFLICT (club_id, member_id) DO UPDATE SET read_offset = excluded.read_offset
        """, [.text(clubID), .text(member), .integer(Int64(endOffset))])
    }
  }

  /// The events a club's standing is folded from (``ClubStatus``), found by index lookups
  /// and rebuilt from their columns rather than read whole and decoded: the latest pick;
  /// for each member their first and latest `joined`, latest `left` and latest event; about
  /// the picked book, each member's latest progress, finished, abandoned and rating, and the
  /// progress that starts their 14-day pace; and, with `notes`, every shared note. A few
  /// rows per member, however long the journals.
  public func clubStandingEvents(_ clubID: String, notes: Bool) throws -> [ClubEvent] {
    try reading(orIfMissing: []) { connection in
      let club = SQLiteValue.text(clubID)
      let pick =
        try connection.first(
          """
          SELECT line FROM club_events WHERE club_id = ? AND kind = 'picked'
          ORDER BY time_ms DESC LIMIT 1
          """, [club]
        ) { ClubEvent(jsonLine: Array($0.text(0).utf8)) } ?? nil
      var events = pick.map { [$0] } ?? []
      let book = pick?.kind.book
      func add(_ condition: String, _ order: String, _ parameters: [SQLiteValue?]) throws {
        let sql =
          "SELECT \(Self.eventColumns) FROM club_events WHERE club_id = ? AND "
          + condition + " ORDER BY " + order
        events += try connection.all(sql, [club] + parameters) { Self.event($0, book: book) }
          .compactMap { $0 }
      }
      let members = try connection.all(
        "SELECT member_id FROM club_journals WHERE club_id = ?", [club]
      ) { $0.text(0) }
      for member in members.map(SQLiteValue.text) {
        let byKind = "member_id = ? AND kind = ?"
        try add(byKind, "time_ms LIMIT 1", [member, .text("joined")])
        for kind in ["joined", "left"] {
          try add(byKind, "time_ms DESC LIMIT 1", [member, .text(kind)])
        }
        try add("member_id = ?", "seq DESC LIMIT 1", [member])
        guard let book else { continue }
        let about = "book_key = ? AND kind = ? AND member_id = ?"
        let key = SQLiteValue.text(book.key)
        let before = events.count
        try add(about, "time_ms DESC LIMIT 1", [key, .text("progress"), member])
        if events.count > before, let latest = events.last {
          try add(
            about + " AND time_ms >= ?", "time_ms LIMIT 1",
            [key, .text("progress"), member, .integer(latest.time - ClubStatus.paceWindow)])
        }
        for kind in ["finished", "abandoned", "rated"] {
          try add(about, "time_ms DESC LIMIT 1", [key, .text(kind), member])
        }
      }
      if notes, let book {
        try add("book_key = ? AND kind = 'note'", "time_ms", [.text(book.key)])
      }
      return events
    }
  }

  private static let eventColumns = "member_id, seq, time_ms, kind, fraction, page, rating, text"

  /// An event rebuilt from its columns; `book` is the book the query asked about.
  private static func event(_ row: SQLiteRow, book: ClubBook?) -> ClubEvent? {
    let kind: ClubEvent.Kind
    switch (row.text(3), book) {
    case ("joined", _): kind = .joined(name: row.optionalText(7) ?? "")
    case ("left", _): kind = .left
    case ("progress", let book?):
      kind = .progress(
        book, fraction: row.optionalDouble(4) ?? 0, page: row.optionalInt64(5).map { Int($0) })
    case ("note", let book?):
      kind = .note(book, text: row.optionalText(7) ?? "", fraction: row.optionalDouble(4) ?? 0)
    case ("finished", let book?): kind = .finished(book)
    case ("abandoned", let book?): kind = .abandoned(book)
    case ("rated", let book?): kind = .rated(book, rating: row.optionalDouble(6))
    case (let other, _): kind = .unknown(other)
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
    case .joined(let name): [nil, nil, nil, .text(name)]
    case .left, .picked, .finished, .abandoned, .unknown: [nil, nil, nil, nil]
    }
  }

  private static func queue(
    _ kinds: [ClubEvent.Kind], in clubID: String, at time: Int64, on connection: SQLiteConnection
  ) throws -> [ClubEvent] {
    guard
      let (member, next) = try connection.first(
        "SELECT member_id, next_sequence FROM clubs WHERE id = ?", [.text(clubID)],
        { ($0.text(0), Int($0.int64(1))) })
    else { return [] }
    let events = kinds.enumerated().map { offset, kind in
      ClubEvent(member: member, sequence: next + offset, time: time, kind: kind)
    }
    for event in events {
      try connection.run(
        "INSERT INTO club_outbox (club_id, seq, line) VALUES (?, ?, ?)",
        [
          .text(clubID), .integer(Int64(event.sequence)),
          .text(String(decoding: event.jsonLine.dropLast(), as: UTF8.self)),
        ])
    }
    try connection.run(
      "UPDATE clubs SET next_sequence = ? WHERE id = ?",
      [.integer(Int64(next + events.count)), .text(clubID)])
    return events
  }
}
