/// A year in books, or all of them: what was finished, read and given up, by month (or by
/// year), with the days there was reading (README, "Stats and goals"). Every count comes
/// from the library's readings and progress entries; nothing is guessed.
public struct ReadingStats: Sendable, Equatable {
  /// Books, pages and hours finished in one month of the year (or in one year, all-time).
  public struct Bucket: Sendable, Equatable {
    /// 1 to 12 for a month, the year itself for a year.
    public var key: Int
    public var books: Int
    public var pages: Int
    /// Seconds of the audiobooks finished.
    public var seconds: Int

    public init(key: Int, books: Int, pages: Int, seconds: Int = 0) {
      self.key = key
      self.books = books
      self.pages = pages
      self.seconds = seconds
    }
  }

  /// A book that stands out (the longest, the shortest).
  public struct Standout: Sendable, Equatable {
    public var id: Book.ID
    public var title: String
    public var pages: Int
  }

  /// An author or a tag with the number of finishes it had.
  public struct Ranked: Sendable, Equatable {
    public var name: String
    public var books: Int
  }

  /// The year, or `nil` for all time.
  public var year: Int?
  /// Finished readings (a book finished twice counts twice, as Goodreads counts it).
  public var booksFinished = 0
  /// The page counts of the books finished; never an audiobook's.
  public var pagesFinished = 0
  /// The lengths, in seconds, of the audiobooks finished: listening, never pages.
  public var secondsFinished = 0
  /// Twelve months for a year; empty for all time.
  public var byMonth: [Bucket] = []
  /// Each year with a finish, for all time; empty for a year.
  public var byYear: [Bucket] = []
  public var averageRating: Double?
  public var longest: Standout?
  public var shortest: Standout?
  public var topAuthors: [Ranked] = []
  public var topTags: [Ranked] = []
  /// Readings given up in the year; for all time, the books whose status is abandoned.
  public var abandoned = 0
  /// The mean days from start to finish of the finishes whose start is known.
  public var averageDaysToFinish: Double?
  /// Finished books with no finish date: counted here, never in a year.
  public var finishedDateUnknown = 0
  /// Pages read on each day with progress (a day with progress but no page count reads 0).
  public var pagesByDay: [CalendarDay: Int] = [:]
  /// Pages read on each day of the week, Monday first.
  public var pagesByWeekday = [Int](repeating: 0, count: 7)
  /// Seconds of audiobooks listened to on each day with progress in one.
  public var secondsByDay: [CalendarDay: Int] = [:]
  /// Seconds listened on each day of the week, Monday first.
  public var secondsByWeekday = [Int](repeating: 0, count: 7)
  /// The reading sessions of the year (all time: ever).
  public var sessions = SessionStats()

  public init(year: Int?) {
    self.year = year
    if year != nil { byMonth = (1...12).map { Bucket(key: $0, books: 0, pages: 0) } }
  }

  /// Days with progress or a session.
  public var readingDays: Int { days.count }

  /// The days with progress or a session, in no order.
  private var days: Set<CalendarDay> {
    Set(pagesByDay.keys).union(sessions.secondsByDay.keys)
  }

  /// Seconds listened in the year (all time: ever), from the progress entries.
  public var secondsListened: Int { secondsByDay.values.reduce(0, +) }

  /// The most consecutive days with progress or a session.
  public var longestStreak: Int {
    var longest = 0
    var current = 0
    var previous: Int?
    for day in days.map(\.daysSinceEpoch).sorted() {
      current = previous.map { day == $0 + 1 } == true ? current + 1 : 1
      longest = max(longest, current)
      previous = day
    }
    return longest
  }
}

extension CalendarDay {
  /// 0 for Monday to 6 for Sunday.
  public var weekdayFromMonday: Int {
    // 1970-01-01 was a Thursday.
    ((daysSinceEpoch + 3) % 7 + 7) % 7
  }
}
