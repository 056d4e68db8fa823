/// What a library keeps of the clubs you are in (DESIGN.md section 10): the memberships,
/// your events on their way to your journals, and each club's standing as its journals are
/// read. Each method is one transaction.
///
/// ``ClubExchange`` and the club commands need only this; a test can fake it alone.
public protocol ClubLibrary: Sendable {
  /// The library's file, which a club's background sync opens again.
  var path: String { get }

  /// Every club you are in, by name.
  func clubs() async throws -> [ClubMembership]

  /// Records that you are in a club, queueing your `joined` event.
  func join(_ membership: ClubMembership, at time: Int64) async throws

  /// Records a club's folder and whether it is synced with git (a club moved, or cloned
  /// again), without a `joined` event: the other members see no change.
  func moveClub(_ clubID: String, to path: String, syncsWithGit: Bool) async throws

  /// Forgets a club and what was read of it. Your journal stays in the club folder.
  func leave(_ clubID: String) async throws

  /// Records what went wrong with a club's background sync (`nil`: it went well).
  func recordClubSyncProblem(_ problem: String?, in clubID: String) async throws

  /// What went wrong with background syncs since they were last told, by club name;
  /// cleared as they are taken, so each is told once.
  func takeClubSyncProblems() async throws -> [(club: String, problem: String)]

  /// Queues your events for a club's journal, numbered after the last ones.
  ///
  /// - Returns: The events, numbered.
  @discardableResult
  func queueClubEvents(_ kinds: [ClubEvent.Kind], in clubID: String, at time: Int64)
    async throws -> [ClubEvent]

  /// Writes your events not yet in your journal with `write`, oldest first, and marks them
  /// written, all in one write transaction: two commands delivering at once take turns (the
  /// second finds nothing left), so each event reaches the journal once.
  ///
  /// - Parameter write: Appends the events to your journal; when it throws, they stay
  ///   queued for the next command.
  /// - Returns: How many were written.
  /// - Throws: What `write` throws, or a ``LibraryError``.
  @discardableResult
  func deliverClubOutbox(
    _ clubID: String, through write: @Sendable ([ClubEvent]) throws -> Void
  ) async throws -> Int

  /// Folds what a read of a member's journal gathered (``ClubJournalFold``) into the
  /// club's standing, keeping it bounded (``ClubJournalFold/bookLimit``, ``noteLimit``, one
  /// pace point an hour), and records where the next read starts. Reading a line twice
  /// changes nothing.
  ///
  /// - Parameters:
  ///   - fold: What the read gathered.
  ///   - member: Whose journal it read.
  ///   - clubID: The club.
  ///   - point: Where the next read of the journal starts.
  func ingestClubFold(
    _ fold: ClubJournalFold, of member: String, in clubID: String,
    through point: ClubJournal.ReadPoint
  ) async throws

  /// Where each member's journal was last read to.
  func clubReadPoints(_ clubID: String) async throws -> [String: ClubJournal.ReadPoint]

  /// Each member's name as their latest `joined` gives it (members not named yet are
  /// missing), for warnings about their journals.
  func clubMemberNames(_ clubID: String) async throws -> [String: String]

  /// The club's current book: the latest pick of any member, as ``ClubStatus`` has it.
  ///
  /// - Parameter now: The time the future is judged from: a pick dated more than
  ///   ``ClubStatus/futureSkew`` later does not count.
  func clubPick(_ clubID: String, now: Int64) async throws -> ClubBook?

  /// The events a club's standing is folded from (``ClubStatus``): the latest pick; each
  /// member's first `joined` and latest event of each slot (those about another book only
  /// as activity); the progress that starts each member's 14-day pace on the picked book;
  /// and, with `notes`, the shared notes kept on it. A few rows per member, however long
  /// the journals.
  ///
  /// - Parameter now: The time the future is judged from, as ``ClubStatus`` judges it.
  func clubStandingEvents(_ clubID: String, notes: Bool, now: Int64) async throws
    -> [ClubEvent]
}

extension ClubLibrary {
  /// Folds events read from a member's journal into the club's standing, and records where
  /// the next read starts (``ingestClubFold(_:of:in:through:)``).
  ///
  /// - Parameters:
  ///   - events: The new lines' events, in any order.
  ///   - member: Whose journal they were read from.
  ///   - clubID: The club.
  ///   - point: Where the next read of the journal starts.
  /// - Throws: A ``LibraryError``.
  public func ingestClubEvents(
    _ events: [ClubEvent], of member: String, in clubID: String,
    through point: ClubJournal.ReadPoint
  ) async throws {
    try await ingestClubFold(ClubJournalFold(events), of: member, in: clubID, through: point)
  }
}
