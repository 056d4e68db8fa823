#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The clubs area: each method one transaction over ``ClubTables`` or
/// ``ClubStandingTables``.
extension SQLiteLibrary: ClubLibrary {
  /// Every club you are in, by name.
  public func clubs() throws -> [ClubMembership] {
    try reading(orIfMissing: []) { try ClubTables(connection: $0).memberships() }
  }

  /// Records that you are in a club, queueing your `joined` event.
  public func join(_ membership: ClubMembership, at time: Int64) throws {
    try writing { try ClubTables(connection: $0).join(membership, at: time) }
  }

  /// Records a club's folder and whether it is synced with git, without a `joined` event.
  public func moveClub(_ clubID: String, to path: String, syncsWithGit: Bool) throws {
    try writing {
      try ClubTables(connection: $0).move(clubID, to: path, syncsWithGit: syncsWithGit)
    }
  }

  /// Forgets a club and what was read of it. Your journal stays in the club folder.
  public func leave(_ clubID: String) throws {
    try writing { try ClubTables(connection: $0).leave(clubID) }
  }

  /// Records what went wrong with a club's background sync (`nil`: it went well).
  public func recordClubSyncProblem(_ problem: String?, in clubID: String) throws {
    try writing { try ClubTables(connection: $0).recordSyncProblem(problem, in: clubID) }
  }

  /// What went wrong with background syncs since they were last told, by club name;
  /// cleared as they are taken, so each is told once.
  public func takeClubSyncProblems() throws -> [(club: String, problem: String)] {
    let any = try reading(orIfMissing: false) { try ClubTables(connection: $0).hasSyncProblems() }
    guard any else { return [] }
    // Read and cleared in one transaction: a problem a background sync records meanwhile is
    // either taken here or kept for the next command.
    return try writing { try ClubTables(connection: $0).takeSyncProblems() }
  }

  /// Queues your events for a club's journal, numbered after the last ones.
  ///
  /// - Returns: The events, numbered.
  @discardableResult
  public func queueClubEvents(_ kinds: [ClubEvent.Kind], in clubID: String, at time: Int64)
    throws -> [ClubEvent]
  {
    try writing { try ClubTables(connection: $0).queue(kinds, in: clubID, at: time) }
  }

  /// Writes your events not yet in your journal with `write` and marks them written, in
  /// one write transaction (``ClubLibrary/deliverClubOutbox(_:through:)``).
  ///
  /// - Returns: How many were written.
  /// - Throws: What `write` throws, or a ``LibraryError``.
  @discardableResult
  public func deliverClubOutbox(
    _ clubID: String, through write: @Sendable ([ClubEvent]) throws -> Void
  ) throws -> Int {
    let any = try reading(orIfMissing: false) { try ClubTables(connection: $0).hasOutbox(clubID) }
    guard any else { return 0 }
    return try writing { try ClubTables(connection: $0).deliverOutbox(clubID, through: write) }
  }

  /// Folds what a read of a member's journal gathered into the club's standing, and
  /// records where the next read starts.
  public func ingestClubFold(
    _ fold: ClubJournalFold, of member: String, in clubID: String,
    through point: ClubJournal.ReadPoint
  ) throws {
    try writing {
      try ClubStandingTables(connection: $0).ingest(fold, of: member, in: clubID, through: point)
    }
  }

  /// Where each member's journal was last read to.
  public func clubReadPoints(_ clubID: String) throws -> [String: ClubJournal.ReadPoint] {
    try reading(orIfMissing: [:]) { try ClubStandingTables(connection: $0).readPoints(clubID) }
  }

  /// Each member's name as their latest `joined` gives it (members not named yet are
  /// missing).
  public func clubMemberNames(_ clubID: String) throws -> [String: String] {
    try reading(orIfMissing: [:]) { try ClubStandingTables(connection: $0).memberNames(clubID) }
  }

  /// The club's current book: the latest pick of any member, as ``ClubStatus`` has it.
  ///
  /// - Parameter now: The time the future is judged from: a pick dated more than
  ///   ``ClubStatus/futureSkew`` later does not count.
  public func clubPick(_ clubID: String, now: Int64 = Date().milliseconds) throws -> ClubBook? {
    try reading(orIfMissing: nil) {
      try ClubStandingTables(connection: $0).pick(of: .text(clubID), now: now)?.kind.book
    }
  }

  /// The events a club's standing is folded from (``ClubLibrary/clubStandingEvents(_:notes:now:)``).
  ///
  /// - Parameter now: The time the future is judged from, as ``ClubStatus`` judges it.
  public func clubStandingEvents(
    _ clubID: String, notes: Bool, now: Int64 = Date().milliseconds
  ) throws -> [ClubEvent] {
    try reading(orIfMissing: []) {
      try ClubStandingTables(connection: $0).standingEvents(clubID, notes: notes, now: now)
    }
  }
}
