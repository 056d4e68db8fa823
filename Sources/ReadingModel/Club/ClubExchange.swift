#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Moves events between your library and a club folder: your queued events out to your
/// journal, every member's new lines in.
public struct ClubExchange: Sendable {
  public let library: SQLiteLibrary

  public init(library: SQLiteLibrary) {
    self.library = library
  }

  /// Writes your queued events to your journal in the club folder.
  ///
  /// - Returns: How many were written.
  /// - Throws: ``ClubError`` or ``FileError`` when the folder cannot be written; the events
  ///   stay queued for the next command.
  @discardableResult
  public func deliver(_ membership: ClubMembership) async throws -> Int {
    let waiting = try await library.clubOutbox(membership.clubID)
    guard let last = waiting.last else { return 0 }
    let folder = try ClubFolder.open(membership.path)
    try folder.journal(of: membership.memberID).append(waiting)
    try await library.clubEventsDelivered(membership.clubID, through: last.sequence)
    return waiting.count
  }

  /// Reads what every member's journal gained since the last read.
  ///
  /// - Returns: The lines that were skipped, and why.
  public func refresh(_ membership: ClubMembership) async throws -> [String] {
    let folder = try ClubFolder.open(membership.path)
    let offsets = try await library.clubReadOffsets(membership.clubID)
    var problems: [String] = []
    for journal in try folder.journals() {
      let start = offsets[journal.member] ?? 0
      let reading = journal.read(from: start)
      problems += reading.problems
      guard reading.endOffset != start else { continue }
      try await library.ingestClubEvents(
        reading.events, of: journal.member, in: membership.clubID, endOffset: reading.endOffset)
    }
    return problems
  }

  /// Where the club stands, from the events read so far.
  ///
  /// - Parameter notes: Whether to gather the shared notes too (only `club notes` shows
  ///   them, and a long-running club has many).
  public func status(_ membership: ClubMembership, notes: Bool = false) async throws
    -> ClubStatus
  {
    ClubStatus(events: try await library.clubStandingEvents(membership.clubID, notes: notes))
  }

  /// Queues events about `book` in every club whose current book it is, then delivers them.
  ///
  /// - Parameters:
  ///   - kinds: What to share, given the club's name for the book.
  ///   - book: The book of your library the events are about.
  ///   - including: Which of your clubs may get them (a note goes only where notes are
  ///     shared).
  /// - Returns: The clubs shared with, and the problems of those whose folder could not be
  ///   written (the events wait in the library for the next command).
  public func share(
    _ kinds: @Sendable (ClubBook) -> [ClubEvent.Kind], about book: Book, at time: Int64,
    including: @Sendable (ClubMembership) -> Bool = { _ in true }
  ) async throws -> (clubs: [ClubMembership], problems: [String]) {
    var clubs: [ClubMembership] = []
    var problems: [String] = []
    for membership in try await library.clubs() {
      _ = try? await deliver(membership)  // what an earlier command could not write
      guard including(membership) else { continue }
      _ = try? await refresh(membership)
      guard let picked = try await library.clubPick(membership.clubID), picked.matches(book)
      else { continue }
      try await library.queueClubEvents(kinds(picked), in: membership.clubID, at: time)
      clubs.append(membership)
      do {
        try await deliver(membership)
      } catch {
        problems.append("\(membership.name): \(error.explanation)")
      }
    }
    return (clubs, problems)
  }
}
