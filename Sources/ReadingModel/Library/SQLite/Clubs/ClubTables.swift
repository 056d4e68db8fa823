#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The clubs you are in and your events on their way to your journals (DESIGN.md section
/// 10), on the connection of a transaction ``SQLiteLibrary`` opened.
struct ClubTables {
  let connection: SQLiteConnection

  /// Every club you are in, by name.
  func memberships() throws -> [ClubMembership] {
    try connection.all(
      """
      SELECT id, name, path, member_id, member_name, share_notes, git, person, url
      FROM clubs ORDER BY name
      """
    ) { row in
      ClubMembership(
        clubID: row.text(0), name: row.text(1), path: row.text(2), memberID: row.text(3),
        memberName: row.text(4), sharesNotes: row.int64(5) != 0, syncsWithGit: row.int64(6) != 0,
        person: row.optionalText(7), url: row.optionalText(8))
    }
  }

  /// Records that you are in a club, queueing your `joined` event, and for your other
  /// devices (when the library syncs) the membership.
  func join(_ membership: ClubMembership, at time: Int64) throws {
    try connection.run(
      """
      INSERT INTO clubs (id, name, path, member_id, member_name, share_notes, joined_ms, git,
        person, url)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET path = excluded.path, share_notes = excluded.share_notes,
        member_name = excluded.member_name, git = excluded.git,
        person = coalesce(excluded.person, person), url = coalesce(excluded.url, url)
      """,
      [
        .text(membership.clubID), .text(membership.name), .text(membership.path),
        .text(membership.memberID), .text(membership.memberName),
        .integer(membership.sharesNotes ? 1 : 0), .integer(time),
        .integer(membership.syncsWithGit ? 1 : 0), membership.person.map { .text($0) },
        membership.url.map { .text($0) },
      ])
    let joined = try memberships().first { $0.clubID == membership.clubID } ?? membership
    _ = try queue(
      [.joined(name: joined.memberName, person: joined.person)], in: membership.clubID, at: time)
    try SyncTables(connection: connection).queueClub(SyncClubChange(joined, left: false))
  }

  /// Records a club's folder and whether it is synced with git.
  func move(_ clubID: String, to path: String, syncsWithGit: Bool) throws {
    try connection.run(
      "UPDATE clubs SET path = ?, git = ? WHERE id = ?",
      [.text(path), .integer(syncsWithGit ? 1 : 0), .text(clubID)])
  }

  /// Forgets a club and what was read of it; tells your other devices (when the library
  /// syncs) that you left.
  func leave(_ clubID: String) throws {
    if let membership = try memberships().first(where: { $0.clubID == clubID }) {
      try SyncTables(connection: connection).queueClub(SyncClubChange(membership, left: true))
    }
    for table in ["club_outbox", "club_standing", "club_pace", "club_notes", "club_journals"] {
      try connection.run("DELETE FROM \(table) WHERE club_id = ?", [.text(clubID)])
    }
    try connection.run("DELETE FROM clubs WHERE id = ?", [.text(clubID)])
  }

  /// Records what went wrong with a club's background sync (`nil`: it went well).
  func recordSyncProblem(_ problem: String?, in clubID: String) throws {
    try connection.run(
      "UPDATE clubs SET sync_problem = ? WHERE id = ?", [problem.map { .text($0) }, .text(clubID)])
  }

  private static let syncProblemsQuery =
    "SELECT id, name, sync_problem FROM clubs WHERE sync_problem IS NOT NULL"

  /// Whether any club has a sync problem not told yet.
  func hasSyncProblems() throws -> Bool {
    try connection.first(Self.syncProblemsQuery) { _ in true } ?? false
  }

  /// The sync problems not told yet, by club name, cleared as they are taken.
  func takeSyncProblems() throws -> [(club: String, problem: String)] {
    let problems = try connection.all(Self.syncProblemsQuery + " ORDER BY name") {
      (id: $0.text(0), club: $0.text(1), problem: $0.text(2))
    }
    for problem in problems {
      try connection.run("UPDATE clubs SET sync_problem = NULL WHERE id = ?", [.text(problem.id)])
    }
    return problems.map { ($0.club, $0.problem) }
  }

  /// Whether events wait in the club's outbox.
  func hasOutbox(_ clubID: String) throws -> Bool {
    try connection.first(
      "SELECT 1 FROM club_outbox WHERE club_id = ? LIMIT 1", [.text(clubID)], { _ in true })
      ?? false
  }

  /// Writes the events waiting in the club's outbox with `write`, oldest first, then
  /// empties it.
  ///
  /// - Returns: How many were written.
  func deliverOutbox(_ clubID: String, through write: ([ClubEvent]) throws -> Void) throws
    -> Int
  {
    let waiting = try connection.all(
      "SELECT line FROM club_outbox WHERE club_id = ? ORDER BY seq", [.text(clubID)]
    ) { row in ClubEvent(jsonLine: Array(row.text(0).utf8)) }.compactMap { $0 }
    guard !waiting.isEmpty else { return 0 }
    try write(waiting)
    try connection.run("DELETE FROM club_outbox WHERE club_id = ?", [.text(clubID)])
    return waiting.count
  }

  /// Queues your events for a club's journal, numbered after the last ones.
  ///
  /// - Returns: The events, numbered (none when you are not in the club).
  func queue(_ kinds: [ClubEvent.Kind], in clubID: String, at time: Int64) throws
    -> [ClubEvent]
  {
    guard
      let (member, next) = try connection.first(
        "SELECT member_id, next_sequence FROM clubs WHERE id = ?", [.text(clubID)],
        { ($0.text(0), Int($0.int64(1))) })
    else { return [] }
    // A pick is dated after the club's current one (a clock a little behind another
    // member's must not make it lose): the latest pick wins.
    let current = try ClubStandingTables(connection: connection).pick(
      of: .text(clubID), now: time)?.time
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
