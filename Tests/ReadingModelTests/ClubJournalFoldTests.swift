import TestSupport
import Testing

@testable import ReadingModel

/// The fold keeps, of a member's events in any order, what the fold before it kept (each
/// slot's latest, the notes, the pace's points, the latest books), now looking each
/// book up once an event: checked against that fold, kept here as the reference.
@Suite struct ClubJournalFoldTests {
  @Test(arguments: [1, 2, 3, 4]) func foldsAsTheReferenceFolds(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let member = "00000000-0000-0000-0000-000000000001"
    // Books past twice the limit, notes past twice theirs, progress over weeks.
    let books = (0..<(2 * ClubJournalFold.bookLimit + 9)).map {
      ClubBook(isbn13: nil, title: "Book \($0)", author: "Author", pageCount: 300)
    }
    var events: [ClubEvent] = []
    for sequence in 1...9_000 {
      // Every book at first; then two, past the limits of notes and pace points.
      let book = books[Int.random(in: 0..<(sequence < 3_000 ? books.count : 2), using: &generator)]
      let time =
        Int64(sequence) * 3_600_000 + Int64.random(in: -10_000_000...10_000_000, using: &generator)
      let kind: ClubEvent.Kind =
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: .joined(name: "Reader \(sequence)")
        case 1: .picked(book)
        case 2, 3: .note(book, text: "n\(sequence)", fraction: 0.5)
        case 4: .finished(book)
        case 5: .rated(book, rating: 4)
        case 6: .unknown("later-kind")
        default: .progress(book, fraction: Double(sequence) / 9_000, page: nil)
        }
      events.append(ClubEvent(member: member, sequence: sequence, time: time, kind: kind))
    }
    // Mostly in order, some lines out of it (a stranger's journal), some twice.
    for _ in 0..<300 {
      let a = Int.random(in: 0..<events.count, using: &generator)
      let b = Int.random(in: 0..<events.count, using: &generator)
      events.swapAt(a, b)
    }
    events += events.prefix(50)
    let fold = ClubJournalFold(events)
    let reference = ReferenceFold(events)
    #expect(fold.latest == reference.latest)
    #expect(fold.firstJoined == reference.firstJoined)
    #expect(fold.memberName == reference.memberName)
    #expect(fold.keptBooks == reference.keptBooks)
    #expect(fold.notes == reference.notes)
    #expect(
      fold.recentProgress.sorted { $0.sequence < $1.sequence }
        == reference.recentProgress.sorted { $0.sequence < $1.sequence })
  }
}

/// The fold as it was: every slot in one dictionary keyed by text, each book's key hashed
/// several times an event.
private struct ReferenceFold {
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
    let slot = ClubJournalFold.slot(of: event.kind)
    if latestBySlot[slot].map({ $0.sequence < event.sequence }) ?? true {
      latestBySlot[slot] = event
    }
    switch event.kind {
    case .joined:
      if firstJoined.map({ event.sequence < $0.sequence }) ?? true { firstJoined = event }
    case .note(let book, _, _):
      notesByBook[book.key, default: []].append(event)
      if notesByBook[book.key]!.count >= 2 * ClubJournalFold.noteLimit { trimNotes(of: book.key) }
    case .progress(let book, _, _):
      let hour = ClubJournalFold.paceHour(of: event.time)
      if paceByBook[book.key]?[hour].map({ Self.order(event) < Self.order($0) }) ?? true {
        paceByBook[book.key, default: [:]][hour] = event
      }
      if paceByBook[book.key]!.count > 2 * Self.pacePointLimit { trimPace(of: book.key) }
    default: break
    }
    if case .picked = event.kind { return }  // a pick is no activity on its book
    if let book = event.kind.book {
      bookRecency[book.key] = max(bookRecency[book.key] ?? 0, event.sequence)
      if bookRecency.count > 2 * ClubJournalFold.bookLimit { keepLatestBooks() }
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
      (notesByBook[key] ?? []).sorted { $0.sequence > $1.sequence }.prefix(
        ClubJournalFold.noteLimit)
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
    bookRecency.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(ClubJournalFold.bookLimit)
      .map(\.key)
  }

  /// The most progress points a book's pace can need: one an hour over the window.
  private static let pacePointLimit = Int(ClubStatus.paceWindow / ClubJournalFold.paceStep) + 1

  private func isInPace(_ event: ClubEvent, book key: String) -> Bool {
    guard let newest = latestBySlot["progress:" + key] else { return false }
    return event.time >= ClubStatus.paceStart(before: newest.time) && event.time <= newest.time
  }

  private mutating func trimNotes(of key: String) {
    notesByBook[key] = Array(
      notesByBook[key, default: []].sorted { $0.sequence > $1.sequence }.prefix(
        ClubJournalFold.noteLimit))
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
