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

  /// Folds a club's events, in any order, duplicates included.
  ///
  /// - Parameter events: Every joined, left and picked event, and the events about the book
  ///   picked last (more are ignored).
  public init(events: [ClubEvent]) {
    var seen = Set<String>()
    let ordered = events.sorted {
      ($0.time, $0.member, $0.sequence) < ($1.time, $1.member, $1.sequence)
    }
    .filter { seen.insert("\($0.member)\u{1F}\($0.sequence)").inserted }
    var members: [String: Member] = [:]
    var order: [String] = []
    var pick: ClubEvent?
    for event in ordered {
      if members[event.member] == nil {
        members[event.member] = Member(
          id: event.member, name: event.member, lastActivity: event.time)
        order.append(event.member)
      }
      members[event.member]?.lastActivity = event.time
      switch event.kind {
      case .joined(let name):
        members[event.member]?.name = name.isEmpty ? event.member : name
        members[event.member]?.hasLeft = false
      case .left: members[event.member]?.hasLeft = true
      case .picked: pick = event
      default: break
      }
    }
    book = pick?.kind.book
    pickedBy = pick.flatMap { members[$0.member]?.name }
    pickedAt = pick?.time
    notes = []
    if let book {
      Self.apply(ordered.filter { $0.kind.book?.key == book.key }, to: &members, notes: &notes)
    }
    self.members = order.compactMap { members[$0] }
    notes.sort { ($0.fraction, $0.time) < ($1.fraction, $1.time) }
  }

  private static func apply(
    _ events: [ClubEvent], to members: inout [String: Member], notes: inout [SharedNote]
  ) {
    var history: [String: [(time: Int64, fraction: Double)]] = [:]
    for event in events {
      switch event.kind {
      case .progress(_, let fraction, let page):
        members[event.member]?.fraction = fraction
        members[event.member]?.page = page
        members[event.member]?.finished = fraction >= 1
        members[event.member]?.abandoned = false
        history[event.member, default: []].append((event.time, fraction))
      case .finished:
        members[event.member]?.fraction = 1
        members[event.member]?.finished = true
      case .abandoned: members[event.member]?.abandoned = true
      case .rated(_, let rating): members[event.member]?.rating = rating
      case .note(_, let text, let fraction):
        let name = members[event.member]?.name ?? event.member
        notes.append(SharedNote(member: name, text: text, fraction: fraction, time: event.time))
      default: break
      }
    }
    for (member, points) in history {
      guard let last = points.last else { continue }
      let recent = points.filter { $0.time >= last.time - paceWindow }
      guard let first = recent.first, last.time > first.time else { continue }
      let days = Double(last.time - first.time) / 86_400_000
      members[member]?.fractionPerDay = max(0, last.fraction - first.fraction) / max(days, 1)
    }
  }

  /// The member with this id.
  public func member(_ id: String) -> Member? { members.first { $0.id == id } }
}
