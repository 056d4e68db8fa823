import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Moves events between your library and a club folder: your queued events out to your
/// journal, every member's new lines in.
public struct ClubExchange: Sendable {
  /// Where the memberships, the outbox and the standing are kept.
  public let library: any ClubLibrary

  /// An exchange over `library`'s clubs.
  public init(library: any ClubLibrary) {
    self.library = library
  }

  /// Writes your queued events to your journal in the club folder, under the library's
  /// write lock: two commands delivering at once write each event once.
  ///
  /// - Returns: How many were written.
  /// - Throws: ``ClubError`` or ``FileError`` when the folder cannot be written; the events
  ///   stay queued for the next command.
  @discardableResult
  public func deliver(_ membership: ClubMembership) async throws -> Int {
    let member = membership.memberID
    return try await library.deliverClubOutbox(membership.clubID) { waiting in
      try Self.folder(of: membership).journal(of: member).append(waiting)
    }
  }

  /// The club's folder, when it still holds the club `membership` joined: a member who
  /// swaps `club.json` for another club's does not get your events, nor theirs into it.
  ///
  /// - Throws: ``ClubError/idChanged(path:)``, and what ``ClubFolder/open(_:)`` throws.
  static func folder(of membership: ClubMembership) throws -> ClubFolder {
    let folder = try ClubFolder.open(membership.path)
    guard folder.id == membership.clubID else { throw ClubError.idChanged(path: membership.path) }
    return folder
  }

  /// Reads what every member's journal gained since the last read, folding each journal's
  /// lines as they are read (``ClubJournalFold``): a journal of a million lines is read in
  /// one pass and little memory, and adds a few hundred rows to the library.
  ///
  /// - Returns: The lines that were skipped, and why.
  public func refresh(_ membership: ClubMembership) async throws -> [String] {
    let folder = try Self.folder(of: membership)
    let points = try await library.clubReadPoints(membership.clubID)
    // Read only when a journal without a name of its own has a problem to name it in.
    var names: [String: String]?
    // Still as it was when a read reached its end: there is nothing to open.
    let changed = try folder.stampedJournals().compactMap { journal, stamp in
      let start = points[journal.member] ?? .start
      return start.fileStamp != 0 && stamp == start.fileStamp ? nil : (journal, start)
    }
    let groups = stride(from: 0, to: changed.count, by: Self.journalsReadAtOnce).map {
      Array(changed[$0..<min($0 + Self.journalsReadAtOnce, changed.count)])
    }
    var problems: [String] = []
    // The next group is read while this one's folds are written.
    var next = groups.first.map(JournalGroupRead.init)
    for (number, group) in groups.enumerated() {
      guard let reads = next?.wait() else { break }
      next = number + 1 < groups.count ? JournalGroupRead(groups[number + 1]) : nil
      for ((journal, start), (fold, reading)) in zip(group, reads) {
        var said = reading.problems
        if reading.wasRewritten {
          said.append(
            "\(journal.label): it no longer holds what was read before (rolled back or replaced); "
              + "it was read again from its start")
        }
        if !said.isEmpty, fold.memberName == nil, names == nil {
          names = try await library.clubMemberNames(membership.clubID)
        }
        problems += journal.naming(said, memberName: fold.memberName ?? names?[journal.member])
        guard reading.end != start else { continue }
        try await library.ingestClubFold(
          fold, of: journal.member, in: membership.clubID, through: reading.end)
      }
    }
    return problems
  }

  /// How many journals are read at once, over the cores: enough to keep every core busy
  /// while journals differ in length, few enough that their folds take little memory.
  static let journalsReadAtOnce = 16

  /// Reads and folds each journal after its point, several at once (a journal's read,
  /// decoding and folding use one core; its lines' decoding may use more).
  ///
  /// - Returns: Each journal's fold and reading, in the journals' order.
  fileprivate static func read(_ journals: [(ClubJournal, ClubJournal.ReadPoint)]) -> [(
    ClubJournalFold, ClubJournal.Reading
  )] {
    var results = [(ClubJournalFold, ClubJournal.Reading)?](repeating: nil, count: journals.count)
    results.withUnsafeMutableBufferPointer { buffer in
      // Each read writes only its own slot, and the buffer outlives them all.
      nonisolated(unsafe) let slots = buffer
      DispatchQueue.concurrentPerform(iterations: journals.count) { index in
        let (journal, start) = journals[index]
        var fold = ClubJournalFold()
        let reading = journal.read(after: start) { fold.add($0) }
        slots[index] = (fold, reading)
      }
    }
    return results.map { $0! }
  }

  /// Where the club stands, from the events read so far.
  ///
  /// - Parameter notes: Whether to gather the shared notes too (only `club notes` shows
  ///   them, and a long-running club has many).
  public func status(_ membership: ClubMembership, notes: Bool = false) async throws
    -> ClubStatus
  {
    let now = Date().milliseconds
    let events = try await library.clubStandingEvents(membership.clubID, notes: notes, now: now)
    return ClubStatus(events: events, now: now)
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
      guard let picked = try await library.clubPick(membership.clubID, now: Date().milliseconds),
        picked.matches(book)
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

/// A group of journals being read and folded on other threads (``ClubExchange/read(_:)``).
private final class JournalGroupRead: Sendable {
  private let results = Mutex<[(ClubJournalFold, ClubJournal.Reading)]>([])
  private let done = DispatchSemaphore(value: 0)

  /// Starts reading `journals`, each after its point.
  init(_ journals: [(ClubJournal, ClubJournal.ReadPoint)]) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let read = ClubExchange.read(journals)
      results.withLock { $0 = read }
      done.signal()
    }
  }

  /// Waits for the reads to end.
  ///
  /// - Returns: Each journal's fold and reading, in the journals' order.
  func wait() -> [(ClubJournalFold, ClubJournal.Reading)] {
    done.wait()
    return results.withLock { $0 }
  }
}
