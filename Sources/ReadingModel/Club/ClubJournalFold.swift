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

  /// The latest event of each slot (``slot(of:)``), by sequence; a note's slot keeps the
  /// member's latest activity on the book. Slots of books past ``keptBooks`` included.
  private var latestBySlot: [String: ClubEvent] = [:]
  /// The earliest `joined`, by sequence.
  private(set) var firstJoined: ClubEvent?
  /// Each book's latest notes (up to twice ``noteLimit`` until ``notes`` trims them).
  private var notesByBook: [String: [ClubEvent]] = [:]
  /// Each book's earliest progress of each hour.
  private var paceByBook: [String: [Int64: ClubEvent]] = [:]
  /// Each book's highest sequence: which books are the member's latest.
  private var bookRecency: [String: Int] = [:]

  init() {}

  init(_ events: some Sequence<ClubEvent>) {
    for event in events { add(event) }
  }

  /// Folds in one more event.
  mutating func add(_ event: ClubEvent) {
    let slot = Self.slot(of: event.kind)
    if latestBySlot[slot].map({ $0.sequence < event.sequence }) ?? true {
      latestBySlot[slot] = event
    }
    switch event.kind {
    case .joined:
      if firstJoined.map({ event.sequence < $0.sequence }) ?? true { firstJoined = event }
    case .note(let book, _, _):
      notesByBook[book.key, default: []].append(event)
      if notesByBook[book.key]!.count >= 2 * Self.noteLimit { trimNotes(of: book.key) }
    case .progress(let book, _, _):
      let hour = Self.paceHour(of: event.time)
      if paceByBook[book.key]?[hour].map({ Self.order(event) < Self.order($0) }) ?? true {
        paceByBook[book.key, default: [:]][hour] = event
      }
      if paceByBook[book.key]!.count > 2 * Self.pacePointLimit { trimPace(of: book.key) }
    default: break
    }
    if case .picked = event.kind { return }  // a pick is no activity on its book
    if let book = event.kind.book {
      bookRecency[book.key] = max(bookRecency[book.key] ?? 0, event.sequence)
      if bookRecency.count > 2 * Self.bookLimit { keepLatestBooks() }
    }
  }

  /// The latest event of each slot, for the books kept (and every pick).
  var latest: [String: ClubEvent] {
    let kept = Set(keptBooks)
    return latestBySlot.filter { Self.isKept($0.value, books: kept) }
  }

  /// The member's name, as their latest `joined` in the batch gives it.
  var memberName: String? {
    guard case .joined(let name, _) = latestBySlot["joined"]?.kind, !name.isEmpty else {
      return nil
    }
    return name
  }

  /// The notes kept: each book's latest ``noteLimit``.
  var notes: [ClubEvent] {
    keptBooks.flatMap { key in
      (notesByBook[key] ?? []).sorted { $0.sequence > $1.sequence }.prefix(Self.noteLimit)
    }
  }

  /// Progress that can start the member's pace on each book: the hour's earliest, from the
  /// start of the latest progress's window (``ClubStatus/paceStart(before:)``) to it.
  var recentProgress: [ClubEvent] {
    keptBooks.flatMap { key in
      (paceByBook[key]?.values).map { Array($0).filter { isInPace($0, book: key) } } ?? []
    }
  }

  /// The books kept, the member's latest ``bookLimit``.
  var keptBooks: [String] {
    bookRecency.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(Self.bookLimit)
      .map(\.key)
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
  private static let pacePointLimit = Int(ClubStatus.paceWindow / paceStep) + 1

  private func isInPace(_ event: ClubEvent, book key: String) -> Bool {
    guard let newest = latestBySlot["progress:" + key] else { return false }
    return event.time >= ClubStatus.paceStart(before: newest.time) && event.time <= newest.time
  }

  private mutating func trimNotes(of key: String) {
    notesByBook[key] = Array(
      notesByBook[key, default: []].sorted { $0.sequence > $1.sequence }.prefix(Self.noteLimit))
  }

  /// Drops the hours that can no longer start the pace; when a stranger's clock leaves
  /// more, the earliest are kept.
  private mutating func trimPace(of key: String) {
    let points = paceByBook[key, default: [:]].filter { isInPace($0.value, book: key) }
    paceByBook[key] =
      points.count <= Self.pacePointLimit
      ? points
      : Dictionary(
        uniqueKeysWithValues: points.sorted { $0.key < $1.key }.prefix(Self.pacePointLimit)
          .map { ($0.key, $0.value) })
  }

  /// Forgets the books past the member's latest ``bookLimit``.
  private mutating func keepLatestBooks() {
    let kept = Set(keptBooks)
    bookRecency = bookRecency.filter { kept.contains($0.key) }
    notesByBook = notesByBook.filter { kept.contains($0.key) }
    paceByBook = paceByBook.filter { kept.contains($0.key) }
    latestBySlot = latestBySlot.filter { Self.isKept($0.value, books: kept) }
  }

  /// Whether an event is about one of the books `kept`, a pick, or about no book.
  private static func isKept(_ event: ClubEvent, books kept: Set<String>) -> Bool {
    if case .picked = event.kind { return true }
    return event.kind.book.map { kept.contains($0.key) } ?? true
  }

  private static func order(_ event: ClubEvent) -> (Int64, Int) { (event.time, event.sequence) }
}
