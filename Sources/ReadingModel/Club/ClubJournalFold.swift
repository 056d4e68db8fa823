/// What a batch of one member's journal lines adds to a club's standing: the latest event
/// of each slot, the first `joined`, the latest notes of each book, and the progress that
/// can still start the pace. Folded in memory as the lines are read, in bounded space
/// however long the journal: a million lines are a few hundred writes.
///
/// A member's own order is their sequence numbers, never their clock: the latest event of
/// a slot is the one with the highest sequence, so a line dated in the year 9999 does not
/// outlast what the member did after it.
///
/// Public as a type only, so that ``ClubLibrary`` can take one: only ``ClubExchange`` makes
/// and reads them.
public struct ClubJournalFold: Sendable {
  /// The books kept per member: the ones they were most recently active on (a club's
  /// journal is about the books it picked; a stranger's million books are not kept).
  static let bookLimit = 32
  /// The shared notes kept per member and book: their latest.
  static let noteLimit = 200
  /// Progress is kept for the pace one an hour (the hour's earliest): a pace is measured
  /// over 14 days, so at most 337 points a book however often a member records progress.
  static let paceStep: Int64 = 3_600_000

  /// The latest event of each slot about no book (`joined`, `left`, `picked`, `other`), by
  /// sequence.
  private var latestElsewhere: [String: ClubEvent] = [:]
  /// The earliest `joined`, by sequence.
  private(set) var firstJoined: ClubEvent?
  /// What the member did on each book they were active on, by the book's key: one lookup
  /// of the key an event, however many of the book's slots it touches.
  private var books: [String: BookFold] = [:]

  init() {}

  init(_ events: some Sequence<ClubEvent>) {
    for event in events { add(event) }
  }

  /// Folds in one more event.
  mutating func add(_ event: ClubEvent) {
    switch event.kind {
    case .joined:
      keepLatest(event, in: "joined")
      if firstJoined.map({ event.sequence < $0.sequence }) ?? true { firstJoined = event }
    case .left, .picked, .unknown:
      // A pick is no activity on its book: kept in a slot of its own.
      keepLatest(event, in: Self.slot(of: event.kind))
    case .progress(let book, _, _), .note(let book, _, _), .finished(let book),
      .abandoned(let book), .rated(let book, _):
      books[book.key, default: BookFold()].add(event)
      if books.count > 2 * Self.bookLimit { keepLatestBooks() }
    }
  }

  private mutating func keepLatest(_ event: ClubEvent, in slot: String) {
    if latestElsewhere[slot].map({ $0.sequence < event.sequence }) ?? true {
      latestElsewhere[slot] = event
    }
  }

  /// The latest event of each slot, for the books kept (and every pick).
  var latest: [String: ClubEvent] {
    var latest = latestElsewhere
    for key in keptBooks {
      for event in books[key]?.latest ?? [] {
        guard let event else { continue }
        latest[Self.slot(of: event.kind)] = event
      }
    }
    return latest
  }

  /// The member's name, as their latest `joined` in the batch gives it.
  var memberName: String? {
    guard case .joined(let name, _) = latestElsewhere["joined"]?.kind, !name.isEmpty else {
      return nil
    }
    return name
  }

  /// The notes kept: each book's latest ``noteLimit``.
  var notes: [ClubEvent] {
    keptBooks.flatMap { key in
      (books[key]?.notes ?? []).sorted { $0.sequence > $1.sequence }.prefix(Self.noteLimit)
    }
  }

  /// Progress that can start the member's pace on each book: the hour's earliest, from the
  /// start of the latest progress's window (``ClubStatus/paceStart(before:)``) to it.
  var recentProgress: [ClubEvent] {
    keptBooks.flatMap { key in
      books[key].map { book in book.pace.values.filter { book.isInPace($0) } } ?? []
    }
  }

  /// The books kept, the member's latest ``bookLimit``.
  var keptBooks: [String] {
    books.map { ($0.key, $0.value.recency) }.sorted { ($0.1, $0.0) > ($1.1, $1.0) }
      .prefix(Self.bookLimit).map(\.0)
  }

  /// Where an event is kept: its kind, and the book for kinds about one; kinds from a newer
  /// bookclub in one slot of their own, so no name of theirs can take a known slot and a
  /// million names are one row.
  static func slot(of kind: ClubEvent.Kind) -> String {
    switch kind {
    case .joined, .left, .picked: kind.name
    case .progress(let book, _, _), .finished(let book), .abandoned(let book),
      .rated(let book, _), .note(let book, _, _):
      kind.name + ":" + book.key
    case .unknown: "other"
    }
  }

  /// The hour a progress point is kept for: its time divided by ``paceStep``, rounded down
  /// (before 1970 too, so every hour starts at a multiple of ``paceStep``).
  static func paceHour(of time: Int64) -> Int64 {
    time >= 0 ? time / paceStep : -((-(time + 1)) / paceStep) - 1
  }

  /// The most progress points a book's pace can need: one an hour over the window.
  fileprivate static let pacePointLimit = Int(ClubStatus.paceWindow / paceStep) + 1

  /// Forgets the books past the member's latest ``bookLimit``.
  private mutating func keepLatestBooks() {
    let kept = Set(keptBooks)
    books = books.filter { kept.contains($0.key) }
  }

  fileprivate static func order(_ event: ClubEvent) -> (Int64, Int) {
    (event.time, event.sequence)
  }
}

/// What a member did on one book, folded (``ClubJournalFold``).
private struct BookFold: Sendable {
  /// The latest event of each kind about the book, by sequence, by ``slot(of:)``.
  var latest: [ClubEvent?] = Array(repeating: nil, count: 5)
  /// The latest notes (up to twice ``ClubJournalFold/noteLimit`` until trimmed).
  var notes: [ClubEvent] = []
  /// The earliest progress of each hour.
  var pace: [Int64: ClubEvent] = [:]
  /// The member's highest sequence on the book: whether it is one of their latest.
  var recency = 0

  mutating func add(_ event: ClubEvent) {
    let slot = Self.slot(of: event.kind)
    if latest[slot].map({ $0.sequence < event.sequence }) ?? true { latest[slot] = event }
    recency = max(recency, event.sequence)
    switch event.kind {
    case .note:
      notes.append(event)
      if notes.count >= 2 * ClubJournalFold.noteLimit {
        notes = Array(
          notes.sorted { $0.sequence > $1.sequence }.prefix(ClubJournalFold.noteLimit))
      }
    case .progress:
      let hour = ClubJournalFold.paceHour(of: event.time)
      if pace[hour].map({ ClubJournalFold.order(event) < ClubJournalFold.order($0) }) ?? true {
        pace[hour] = event
      }
      if pace.count > 2 * ClubJournalFold.pacePointLimit { trimPace() }
    default: break
    }
  }

  /// Whether a progress point can start the pace: within the window of the latest progress.
  func isInPace(_ event: ClubEvent) -> Bool {
    guard let newest = latest[0] else { return false }
    return event.time >= ClubStatus.paceStart(before: newest.time) && event.time <= newest.time
  }

  /// Drops the hours that can no longer start the pace; when a stranger's clock leaves
  /// more, the earliest are kept.
  private mutating func trimPace() {
    let points = pace.filter { isInPace($0.value) }
    pace =
      points.count <= ClubJournalFold.pacePointLimit
      ? points
      : Dictionary(
        uniqueKeysWithValues: points.sorted { $0.key < $1.key }
          .prefix(ClubJournalFold.pacePointLimit).map { ($0.key, $0.value) })
  }

  /// An event's place in ``latest``: progress first.
  private static func slot(of kind: ClubEvent.Kind) -> Int {
    switch kind {
    case .progress: 0
    case .note: 1
    case .finished: 2
    case .abandoned: 3
    default: 4
    }
  }
}
