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
    public var id: String
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
  /// Each member's events count in the order of their sequence numbers (the member's own
  /// order, whatever their clock says); members and picks are ordered by time.
  ///
  /// - Parameters:
  ///   - events: Every joined, left and picked event, and the events about the book picked
  ///     last (more are ignored).
  ///   - now: The time the future is judged from (``futureSkew``).
  public init(events: [ClubEvent], now: Int64 = Date().milliseconds) {
    let latestTime = now + Self.futureSkew
    var seen = Set<String>()
    var byMember: [String: [ClubEvent]] = [:]
    for event in events where seen.insert("\(event.member)\u{1F}\(event.sequence)").inserted {
      byMember[event.member, default: []].append(event)
    }
    var members: [String: Member] = [:]
    var picks: [ClubEvent] = []
    for (id, events) in byMember {
      let ordered = events.sorted { $0.sequence < $1.sequence }
      var member = Member(
        id: id, name: id, lastActivity: ordered.map { min($0.time, latestTime) }.max() ?? 0)
      var pick: ClubEvent?
      for event in ordered {
        switch event.kind {
        case .joined(let name):
          member.name = name.isEmpty ? id : name
          member.hasLeft = false
        case .left: member.hasLeft = true
        case .picked: pick = event
        default: break
        }
      }
      if let pick, pick.time <= latestTime { picks.append(pick) }
      members[id] = member
      byMember[id] = ordered
    }
    let pick = picks.max { ($0.time, $0.member, $0.sequence) < ($1.time, $1.member, $1.sequence) }
    book = pick?.kind.book
    pickedBy = pick.flatMap { members[$0.member]?.name }
    pickedAt = pick?.time
    notes = []
    if let book {
      for (id, events) in byMember {
        Self.apply(
          events.filter { $0.kind.book?.key == book.key }, latestTime: latestTime,
          to: &members[id]!, notes: &notes)
      }
    }
    // In the order they joined: by their earliest time.
    let joined = byMember.mapValues { $0.map { min($0.time, latestTime) }.min() ?? 0 }
    self.members = members.values.sorted {
      (joined[$0.id] ?? 0, $0.id) < (joined[$1.id] ?? 0, $1.id)
    }
    notes.sort { ($0.fraction, $0.time) < ($1.fraction, $1.time) }
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

  /// The member with this id.
  public func member(_ id: String) -> Member? { members.first { $0.id == id } }
}
