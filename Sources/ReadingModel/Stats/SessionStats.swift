#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What reading sessions add to a year's stats: time read, by day of the week, by hour of
/// the day and by day, pages an hour, and the books read longest. A session that runs past
/// an hour or midnight counts in each hour and day it ran in.
public struct SessionStats: Sendable, Equatable {
  /// A book's sessions in the span.
  public struct BookTime: Sendable, Equatable {
    public var id: Book.ID
    public var title: String
    public var sessions: Int
    public var seconds: Int
  }

  /// The books shown, the longest read first.
  public static let booksShown = 5

  public var sessions = 0
  public var seconds = 0
  /// Pages read in sessions that counted them, and those sessions' seconds.
  public var pages = 0
  public var pagedSeconds = 0
  /// Seconds read each day of the week, Monday first.
  public var secondsByWeekday = [Int](repeating: 0, count: 7)
  /// Seconds read each hour of the day, from midnight.
  public var secondsByHour = [Int](repeating: 0, count: 24)
  public var secondsByDay: [CalendarDay: Int] = [:]
  /// The books read longest, at most ``booksShown``.
  public var books: [BookTime] = []

  public init() {}

  /// Pages read an hour, when sessions counted pages over a minute or more.
  public var pagesPerHour: Double? {
    guard pages > 0, pagedSeconds >= 60 else { return nil }
    return Double(pages) * 3600 / Double(pagedSeconds)
  }

  /// Adds the sessions, each with its book's id and title.
  public init(
    _ sessions: [(book: Book.ID, title: String, session: ReadingSession)], zone: TimeZoneRules
  ) {
    var byBook: [Book.ID: BookTime] = [:]
    for (id, title, session) in sessions {
      add(session, zone: zone)
      byBook[id, default: BookTime(id: id, title: title, sessions: 0, seconds: 0)].sessions += 1
      byBook[id]?.seconds += session.seconds
    }
    books = Array(
      byBook.values.sorted { ($0.seconds, $1.id) > ($1.seconds, $0.id) }.prefix(Self.booksShown))
  }

  /// Counts one session in every hour and day it ran in.
  private mutating func add(_ session: ReadingSession, zone: TimeZoneRules) {
    sessions += 1
    seconds += session.seconds
    if let count = session.pages {
      pages += count
      pagedSeconds += session.seconds
    }
    var time = session.start
    var left = session.seconds
    while left > 0 {
      let local = LocalTime(time, in: zone)
      let second = Int(time.timeIntervalSince1970.rounded(.down)).quotientAndRemainder(
        dividingBy: 60
      ).remainder
      let intoHour = local.minuteOfDay % 60 * 60 + (second + 60) % 60
      let chunk = min(left, 3600 - intoHour)
      secondsByHour[local.minuteOfDay / 60] += chunk
      secondsByWeekday[local.day.weekdayFromMonday] += chunk
      secondsByDay[local.day, default: 0] += chunk
      left -= chunk
      time = time.addingTimeInterval(TimeInterval(chunk))
    }
  }
}
