#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a club stands with its current book: each member's position, pace and estimated
/// finish, who finished, the shared notes. Derived from the events, never stored.
public struct ClubStatus: Sendable, Equatable {
  /// One member's standing.
  public struct Member: Sendable, Equatable {
    /// The person's id: the member id of the device that joined first.
    public var id: String
    /// Every journal the person writes, one per device (sorted): their own id among them.
    public var journals: [String] = []
    public var name: String
    /// The fraction of the current book read; 0 before any progress.
    public var fraction: Double = 0
    public var page: Int?
    public var finished = false
    public var abandoned = false
    public var rating: Double?
    /// When they last did anything in the club.
    public var lastActivity: Int64
    /// Fraction per day over the last 14 days of their progress on the book.
    public var fractionPerDay: Double?
    /// Whether they left the club.
    public var hasLeft = false

    /// When they would finish at their pace, in milliseconds since 1970.
    public var estimatedFinish: Int64? {
      guard let fractionPerDay, fractionPerDay > 0, !finished, !abandoned else { return nil }
      let days = (1 - fraction) / fractionPerDay
      guard days <= 36_500 else { return nil }  // a century away is no estimate
      return lastActivity + Int64(days * 86_400_000)
    }
  }

  /// A shared note on the current book.
  public struct SharedNote: Sendable, Equatable {
    public var member: String
    public var text: String
    /// Where in the book it was written.
    public var fraction: Double
    public var time: Int64
  }

  /// The current book: the latest pick.
  public var book: ClubBook?
  /// Who picked it, and when.
  public var pickedBy: String?
  public var pickedAt: Int64?
  /// Members in the order they joined.
  public var members: [Member]
  /// Shared notes on the current book, by position.
  public var notes: [SharedNote]

  /// The window pace is measured over, as `bookclub show` measures it.
  public static let paceWindow: Int64 = 14 * 86_400_000

  /// How far ahead of now a member's clock may be. A later time counts as this far ahead
  /// (for activity and pace), and a pick dated later does not count at all: a stranger's
  /// pick dated 9999-12-31 would otherwise stay the club's book for ever.
  public static let futureSkew: Int64 = 86_400_000

  /// Where the pace of a member whose latest progress is at `latest` starts: 14 days
  /// before it, rounded up to the hour (the library keeps one point an hour for it).
  public static func paceStart(before latest: Int64) -> Int64 {
    let step = ClubJournalFold.paceStep
    return (ClubJournalFold.paceHour(of: latest - paceWindow - 1) + 1) * step
  }

  /// Folds a club's events, in any order, duplicates included.
  ///
  /// Each journal's events count in the order of their sequence numbers (the writer's own
  /// order, whatever its clock says); the journals of one person (``Member/journals``) are
  /// merged by time, each in its own order; members and picks are ordered by time.
  ///
  /// - Parameters:
  ///   - events: Every joined, left and picked event, and the events about the book picked
  ///     last (more are ignored).
  ///   - now: The time the future is judged from (``futureSkew``).
  public init(events: [ClubEvent], now: Int64 = Date().milliseconds) {
    let latestTime = now + Self.futureSkew
    var seen = Set<EventID>()
    var byJournal: [String: [ClubEvent]] = [:]
    for event in events where seen.insert(EventID(event)).inserted {
      byJournal[event.member, default: []].append(event)
    }
    for (id, events) in byJournal { byJournal[id] = events.sorted { $0.sequence < $1.sequence } }
    let journalsByPerson = Dictionary(grouping: byJournal.keys) {
      Self.person(of: $0, in: byJournal[$0]!)
    }
    var members: [String: Member] = [:]
    var eventsByPerson: [String: [ClubEvent]] = [:]
    var picks: [(event: ClubEvent, person: String)] = []
    for (person, journals) in journalsByPerson {
      let journals = journals.sorted()
      let merged = Self.merged(journals.map { byJournal[$0]! })
      members[person] = Self.member(
        person, journals: journals, byJournal: byJournal, latestTime: latestTime)
      eventsByPerson[person] = merged
      for journal in journals {
        // A journal's latest pick, in its own order.
        let pick = byJournal[journal]!.last { if case .picked = $0.kind { true } else { false } }
        if let pick, pick.time <= latestTime { picks.append((pick, person)) }
      }
    }
    let pick = picks.max {
      ($0.event.time, $0.event.member, $0.event.sequence)
        < ($1.event.time, $1.event.member, $1.event.sequence)
    }
    book = pick?.event.kind.book
    pickedBy = pick.flatMap { members[$0.person]?.name }
    pickedAt = pick?.event.time
    notes = []
    if let book {
      for (person, events) in eventsByPerson {
        Self.apply(
          events.filter { $0.kind.book?.key == book.key }, latestTime: latestTime,
          to: &members[person]!, notes: &notes)
      }
    }
    // In the order they joined: by their earliest time.
    let byJoining = members.values.map { member in
      (
        joined: eventsByPerson[member.id]?.lazy.map { min($0.time, latestTime) }.min() ?? 0,
        member: member
      )
    }
    self.members = byJoining.sorted { ($0.joined, $0.member.id) < ($1.joined, $1.member.id) }
      .map(\.member)
    notes.sort { ($0.fraction, $0.time) < ($1.fraction, $1.time) }
  }

  /// An event as duplicates of it share: its journal and its sequence number.
  private struct EventID: Hashable {
    let member: String
    let sequence: Int

    init(_ event: ClubEvent) {
      member = event.member
      sequence = event.sequence
    }
  }

  /// The person a journal belongs to: the one its latest `joined` names, else its own id.
  private static func person(of journal: String, in events: [ClubEvent]) -> String {
    for event in events.reversed() {
      if case .joined(_, let person) = event.kind { return person ?? journal }
    }
    return journal
  }

  /// One person's member before the current book's events: their name (as their own
  /// journal gives it, else the journal that joined last), activity, and whether every
  /// journal of theirs has left.
  private static func member(
    _ person: String, journals: [String], byJournal: [String: [ClubEvent]], latestTime: Int64
  ) -> Member {
    var member = Member(id: person, name: person, lastActivity: 0)
    member.journals = journals
    member.hasLeft = true
    var named: (own: Bool, time: Int64)?
    for journal in journals {
      var left = false
      for event in byJournal[journal]! {
        member.lastActivity = max(member.lastActivity, min(event.time, latestTime))
        switch event.kind {
        case .joined(let name, _):
          left = false
          let rank = (own: journal == person, time: event.time)
          if !name.isEmpty,
            named.map({ ($0.own ? 1 : 0, $0.time) <= (rank.own ? 1 : 0, rank.time) }) ?? true
          {
            member.name = name
            named = rank
          }
        case .left: left = true
        default: break
        }
      }
      if !left { member.hasLeft = false }
    }
    return member
  }

  /// The journals' events as one line: by time, each journal's own order kept (a journal
  /// whose clock went back keeps its order; the earliest next event of any goes first).
  private static func merged(_ journals: [[ClubEvent]]) -> [ClubEvent] {
    guard journals.count > 1 else { return journals.first ?? [] }
    var next = journals.map { _ in 0 }
    var merged: [ClubEvent] = []
    merged.reserveCapacity(journals.reduce(0) { $0 + $1.count })
    while true {
      var best: Int?
      for (index, journal) in journals.enumerated() where next[index] < journal.count {
        if let chosen = best, journals[chosen][next[chosen]].time <= journal[next[index]].time {
          continue
        }
        best = index
      }
      guard let best else { return merged }
      merged.append(journals[best][next[best]])
      next[best] += 1
    }
  }

  /// Folds one member's events about the current book, in their order, into `member`.
  private static func apply(
    _ events: [ClubEvent], latestTime: Int64, to member: inout Member,
    notes: inout [SharedNote]
  ) {
    var history: [(time: Int64, sequence: Int, fraction: Double)] = []
    for event in events {
      let time = min(event.time, latestTime)
      switch event.kind {
      case .progress(_, let fraction, let page):
        member.fraction = fraction
        member.page = page
        member.finished = fraction >= 1
        member.abandoned = false
        history.append((time, event.sequence, fraction))
      case .finished:
        member.fraction = 1
        member.finished = true
      case .abandoned: member.abandoned = true
      case .rated(_, let rating): member.rating = rating
      case .note(_, let text, let fraction):
        notes.append(
          SharedNote(member: member.name, text: text, fraction: fraction, time: time))
      default: break
      }
    }
    // The pace: from the earliest progress of the window to the latest.
    guard let last = history.last else { return }
    let start = paceStart(before: last.time)
    guard
      let first = history.filter({ $0.time >= start && $0.time <= last.time })
        .min(by: { ($0.time, $0.sequence) < ($1.time, $1.sequence) }),
      last.time > first.time
    else { return }
    let days = Double(last.time - first.time) / 86_400_000
    member.fractionPerDay = max(0, last.fraction - first.fraction) / max(days, 1)
  }

  /// The member with this id, or writing the journal of this id.
  public func member(_ id: String) -> Member? {
    members.first { $0.id == id } ?? members.first { $0.journals.contains(id) }
  }
}
