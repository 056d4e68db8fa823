/// What a batch of one member's journal lines adds to a club's standing: the latest event
/// of each slot, the first `joined`, the notes, and the progress recent enough to count
/// for the pace. Folded in memory, so a journal of ten thousand lines is a few writes.
struct ClubJournalFold {
  /// The latest event of each slot (``slot(of:)``), by (time, sequence); a note's slot
  /// keeps the member's latest activity on the book.
  private(set) var latest: [String: ClubEvent] = [:]
  /// The earliest `joined`, by (time, sequence).
  private(set) var firstJoined: ClubEvent?
  private(set) var notes: [ClubEvent] = []
  /// Progress within 14 days of the batch's latest on the same book: older progress can
  /// never count for the pace, since the member's latest is at least as late.
  private(set) var recentProgress: [ClubEvent] = []

  init(_ events: [ClubEvent]) {
    var progress: [ClubEvent] = []
    for event in events {
      switch event.kind {
      case .note: notes.append(event)
      case .progress: progress.append(event)
      case .joined:
        if firstJoined.map({ Self.order(event) < Self.order($0) }) ?? true { firstJoined = event }
      default: break
      }
      let slot = Self.slot(of: event.kind)
      if latest[slot].map({ Self.order($0) < Self.order(event) }) ?? true { latest[slot] = event }
    }
    recentProgress = progress.filter { event in
      guard let newest = latest[Self.slot(of: event.kind)] else { return false }
      return event.time >= newest.time - ClubStatus.paceWindow
    }
  }

  /// Where an event is kept: its kind, and the book for kinds about one; kinds from a newer
  /// bookclub apart, so no name of theirs can take a known slot.
  static func slot(of kind: ClubEvent.Kind) -> String {
    switch kind {
    case .joined, .left, .picked: kind.name
    case .progress(let book, _, _), .finished(let book), .abandoned(let book),
      .rated(let book, _), .note(let book, _, _):
      kind.name + ":" + book.key
    case .unknown(let name): "other:" + name
    }
  }

  private static func order(_ event: ClubEvent) -> (Int64, Int) { (event.time, event.sequence) }
}
