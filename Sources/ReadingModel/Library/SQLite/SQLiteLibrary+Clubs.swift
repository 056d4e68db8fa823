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
        "SELECT id, name, path, member_id, member_name, share_notes, git FROM clubs ORDER BY name"
      ) { row in
        ClubMembership(
          clubID: row.text(0), name: row.text(1), path: row.text(2), memberID: row.text(3),
          memberName: row.text(4), sharesNotes: row.int64(5) != 0, syncsWithGit: row.int64(6) != 0)
      }
    }
  }

  /// Records that you are in a club, queueing your `joined` event.
  public func join(_ membership: ClubMembership, at time: Int64) throws {
    try writing { connection in
      try connection.run(
        """
        INSERT INTO clubs (id, name, path, member_id, member_name, share_notes, joined_ms, git)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET path = excluded.path, share_notes = excluded.share_notes,
          member_name = excluded.member_name, git = excluded.git
        """,
        [
          .text(membership.clubID), .text(membership.name), .text(membership.path),
          .text(membership.memberID), .text(membership.memberName),
          .integer(membership.sharesNotes ? 1 : 0), .integer(time),
          .integer(membership.syncsWithGit ? 1 : 0),
        ])
      _ = try Self.queue(
        [.joined(name: membership.memberName)], in: membership.clubID, at: time, on: connection)
    }
  }

  /// Records a club's folder and whether it is synced with git (a club moved, or cloned
  /// again), without a `joined` event: the other members see no change.
  public func moveClub(_ clubID: String, to path: String, syncsWithGit: Bool) throws {
    try writing { connection in
      try connection.run(
        "UPDATE clubs SET path = ?, git = ? WHERE id = ?",
        [.text(path), .integer(syncsWithGit ? 1 : 0), .text(clubID)])
    }
  }

  /// Forgets a club and what was read of it. Your journal stays in the club folder.
  public func leave(_ clubID: String) throws {
    try writing { connection in
      for table in ["club_outbox", "club_standing", "club_pace", "club_notes", "club_journals"] {
        try connection.run("DELETE FROM \(table) WHERE club_id = ?", [.text(clubID)])
      }
      try connection.run("DELETE FROM clubs WHERE id = ?", [.text(clubID)])
    }
  }

  /// Records what went wrong with a club's background sync (`nil`: it went well).
  public func recordClubSyncProblem(_ problem: String?, in clubID: String) throws {
    try writing { connection in
      try connection.run(
        "UPDATE clubs SET sync_problem = ? WHERE id = ?",
        [problem.map { .text($0) }, .text(clubID)])
    }
  }

  /// What went wrong with background syncs since they were last told, by club name;
  /// cleared as they are taken, so each is told once.
  public func takeClubSyncProblems() throws -> [(club: String, problem: String)] {
    let query = "SELECT id, name, sync_problem FROM clubs WHERE sync_problem IS NOT NULL"
    let any = try reading(orIfMissing: false) { try $0.first(query) { _ in true } ?? false }
    guard any else { return [] }
    // Read and cleared in one transaction: a problem a background sync records meanwhile is
    // either taken here or kept for the next command.
    return try writing { connection in
      let problems = try connection.all(query + " ORDER BY name") {
        (id: $0.text(0), club: $0.text(1), problem: $0.text(2))
      }
      for problem in problems {
        try connection.run("UPDATE clubs SET sync_problem = NULL WHERE id = ?", [.text(problem.id)])
      }
      return problems.map { ($0.club, $0.problem) }
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

  /// Writes your events not yet in your journal with `write`, oldest first, and marks them
  /// written, all in one write transaction: two commands delivering at once take turns (the
  /// second finds nothing left), so each event reaches the journal once.
  ///
  /// - Parameter write: Appends the events to your journal; when it throws, they stay
  ///   queued for the next command.
  /// - Returns: How many were written.
  /// - Throws: What `write` throws, or a ``LibraryError``.
  @discardableResult
  public func deliverClubOutbox(
    _ clubID: String, through write: @Sendable ([ClubEvent]) throws -> Void
  ) throws -> Int {
    let any = try reading(orIfMissing: false) { connection in
      try connection.first(
        "SELECT 1 FROM club_outbox WHERE club_id = ? LIMIT 1", [.text(clubID)], { _ in true })
        ?? false
    }
    guard any else { return 0 }
    return try writing { connection in
      let waiting = try connection.all(
        "SELECT line FROM club_outbox WHERE club_id = ? ORDER BY seq", [.text(clubID)]
      ) { row in ClubEvent(jsonLine: Array(row.text(0).utf8)) }.compactMap { $0 }
      guard !waiting.isEmpty else { return 0 }
      try write(waiting)
      try connection.run("DELETE FROM club_outbox WHERE club_id = ?", [.text(clubID)])
      return waiting.count
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
    // A pick is dated after the club's current one (a clock a little behind another
    // member's must not make it lose): the latest pick wins.
    let current = try pick(of: .text(clubID), now: time, on: connection)?.time
    let events = kinds.enumerated().map { offset, kind in
      let after = if case .picked = kind, let current { max(time, current + 1) } else { time }
      return ClubEvent(member: member, sequence: next + offset, time: after, kind: kind)
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
