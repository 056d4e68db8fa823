#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Page turns of a book, in time order, gathered into sessions: turns less than
/// ``KOReaderStatistics/sessionGap`` apart (from the end of one to the start of the next)
/// are one session.
struct SessionGatherer {
  /// A session as it is gathered.
  struct Span {
    var start: Int64
    var end: Int64
    var seconds: Int64 = 0
    var pages: Set<Int64> = []
    var first: PageTurn
    var last: PageTurn

    /// The session, its id made from the book and its start.
    func session(key: String) -> ReadingSession {
      ReadingSession(
        id: UUID(stableFrom: [DeviceKind.koreader.rawValue, key, String(start)]),
        start: Date(timeIntervalSince1970: TimeInterval(start)),
        seconds: Int(min(max(seconds, 1), Int64(ReadingSession.longest))),
        startPosition: Self.fraction(first, before: true), endPosition: Self.fraction(last),
        pages: pages.count, device: DeviceKind.koreader.rawValue)
    }

    /// Where a turn stands in the book: the start of its page, or its end.
    static func fraction(_ turn: PageTurn, before: Bool = false) -> Double? {
      guard turn.pages > 0, turn.page > 0, turn.page <= turn.pages else { return nil }
      return Double(before ? turn.page - 1 : turn.page) / Double(turn.pages)
    }
  }

  /// What one book's turns made.
  struct Gathered {
    var sessions: [Span] = []
    var turns = 0
    var position: DevicePosition?
  }

  let now: Date
  private var books: [Int64: Gathered] = [:]
  private var order: [Int64] = []

  init(now: Date) {
    self.now = now
  }

  /// Adds a turn, in order of book and time.
  ///
  /// - Returns: Why the turn was left out, if it was.
  mutating func add(_ turn: PageTurn) -> String? {
    let time = Date(timeIntervalSince1970: TimeInterval(turn.start))
    guard DeviceTime.isPlausible(time, now: now) else {
      return "with a time no reader read at (before 2000 or in the future)"
    }
    guard turn.seconds > 0, turn.seconds <= Int64(ReadingSession.longest) else {
      return "with a duration below zero or over a day"
    }
    guard turn.page > 0, turn.page <= 1_000_000 else { return "with a page out of range" }
    // Taken out of the dictionary while it grows, so its sessions are never copied.
    var gathered = books.removeValue(forKey: turn.book) ?? Gathered()
    if gathered.turns == 0 { order.append(turn.book) }
    gathered.turns += 1
    let end = turn.start + turn.seconds
    if var span = gathered.sessions.last, turn.start <= span.end + KOReaderStatistics.sessionGap,
      turn.start >= span.start
    {
      span.end = max(span.end, end)
      span.seconds += turn.seconds
      span.pages.insert(turn.page)
      span.last = turn
      gathered.sessions[gathered.sessions.count - 1] = span
    } else {
      gathered.sessions.append(
        Span(
          start: turn.start, end: end, seconds: turn.seconds, pages: [turn.page], first: turn,
          last: turn))
    }
    if let fraction = Span.fraction(turn) {
      gathered.position = DevicePosition(
        fraction: fraction, page: Int(turn.page),
        time: Date(timeIntervalSince1970: TimeInterval(end)))
    }
    books[turn.book] = gathered
    return nil
  }

  /// Every book's sessions, books in the order their turns came.
  func finish() -> [(Int64, Gathered)] {
    order.map { ($0, books[$0]!) }
  }
}
