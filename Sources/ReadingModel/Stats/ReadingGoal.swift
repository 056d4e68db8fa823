/// A reading goal for a year: books, and optionally pages and hours of audiobooks.
public struct ReadingGoal: Sendable, Equatable {
  public var year: Int
  public var books: Int
  public var pages: Int?
  /// Hours of audiobooks to finish: listening, counted apart from pages.
  public var hours: Int?

  /// The years a goal may be for, the books it may ask for, and the pages.
  public static let yearLimit = 1...9999
  public static let bookLimit = 1...100_000
  public static let pageLimit = 1...100_000_000
  public static let hourLimit = 1...1_000_000

  public init(year: Int, books: Int, pages: Int? = nil, hours: Int? = nil) {
    self.year = year
    self.books = books
    self.pages = pages
    self.hours = hours
  }
}

/// Where a year stands against its goal on a given day: how far along, ahead of or behind
/// an even pace through the year, and what each remaining month needs.
public struct GoalProgress: Sendable, Equatable {
  public var goal: ReadingGoal
  public var booksFinished: Int
  public var pagesFinished: Int
  /// The lengths of the audiobooks finished, in seconds.
  public var secondsFinished: Int
  /// The day it is measured on.
  public var today: CalendarDay

  public init(
    goal: ReadingGoal, booksFinished: Int, pagesFinished: Int, secondsFinished: Int = 0,
    today: CalendarDay
  ) {
    self.goal = goal
    self.booksFinished = booksFinished
    self.pagesFinished = pagesFinished
    self.secondsFinished = secondsFinished
    self.today = today
  }

  /// How much of the year has gone by, 0 to 1: all of a past year, none of a future one.
  public var yearElapsed: Double {
    guard today.year == goal.year else { return today.year > goal.year ? 1 : 0 }
    let first = CalendarDay(year: goal.year, month: 1, day: 1)!.daysSinceEpoch
    let next = CalendarDay(year: goal.year + 1, month: 1, day: 1)!.daysSinceEpoch
    return Double(today.daysSinceEpoch - first + 1) / Double(next - first)
  }

  /// Books an even pace would have finished by today.
  public var booksExpected: Double { Double(goal.books) * yearElapsed }

  /// Whole books ahead of the even pace (negative: behind).
  public var booksAhead: Int { Int((Double(booksFinished) - booksExpected).rounded(.towardZero)) }

  public var booksLeft: Int { max(0, goal.books - booksFinished) }

  public var pagesLeft: Int? { goal.pages.map { max(0, $0 - pagesFinished) } }

  /// Seconds of audiobooks left to finish, with an hours goal.
  public var secondsLeft: Int? { goal.hours.map { max(0, $0 * 3_600 - secondsFinished) } }

  /// Months left to read in, this one included; 0 once the year is over.
  public var monthsLeft: Int {
    guard today.year <= goal.year else { return 0 }
    return today.year < goal.year ? 12 : 13 - today.month
  }

  /// Books a month needed to make the goal; `nil` when made or when the year is over.
  public var booksPerMonthNeeded: Double? {
    guard booksLeft > 0, monthsLeft > 0 else { return nil }
    return Double(booksLeft) / Double(monthsLeft)
  }

  public var isMade: Bool {
    booksFinished >= goal.books && (pagesLeft ?? 0) == 0 && (secondsLeft ?? 0) == 0
  }
}
