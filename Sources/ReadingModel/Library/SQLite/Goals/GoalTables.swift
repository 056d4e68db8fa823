/// Reading goals, one per year (``Schema/readingsAndGoals``), on the connection of a
/// transaction ``SQLiteLibrary`` opened. Goals are written only through ``SQLiteLibrary/apply(_:)``.
struct GoalTables {
  let connection: SQLiteConnection

  /// The goals, by year. A library edited by another program may hold any numbers: a goal for a
  /// year out of 1...9999 is left out, and books and pages are held within the limits a goal
  /// may set.
  func goals() throws -> [ReadingGoal] {
    try connection.all("SELECT year, books, pages, hours FROM reading_goals ORDER BY year") {
      row -> ReadingGoal? in
      guard let year = row.integer(0, in: ReadingGoal.yearLimit) else { return nil }
      return ReadingGoal(
        year: year, books: Self.clamped(row.int64(1), to: ReadingGoal.bookLimit),
        pages: row.optionalInt64(2).map { Self.clamped($0, to: ReadingGoal.pageLimit) },
        hours: row.optionalInt64(3).map { Self.clamped($0, to: ReadingGoal.hourLimit) })
    }.compactMap { $0 }
  }

  private static func clamped(_ value: Int64, to range: ClosedRange<Int>) -> Int {
    Int(min(max(value, Int64(range.lowerBound)), Int64(range.upperBound)))
  }

  /// Sets the goal of its year, replacing the one there was.
  func set(_ goal: ReadingGoal) throws {
    try connection.run(
      "INSERT OR REPLACE INTO reading_goals (year, books, pages, hours) VALUES (?, ?, ?, ?)",
      [
        .integer(Int64(goal.year)), .integer(Int64(goal.books)),
        goal.pages.map { .integer(Int64($0)) }, goal.hours.map { .integer(Int64($0)) },
      ])
  }

  /// Removes the goal of `year`.
  ///
  /// - Returns: The goal there was, if any.
  func clear(year: Int) throws -> ReadingGoal? {
    let goal = try goals().first { $0.year == year }
    try connection.run("DELETE FROM reading_goals WHERE year = ?", [.integer(Int64(year))])
    return goal
  }

  /// The goal of `year` and where the year stands against it on `today`; `nil` without a
  /// goal.
  func progress(year: Int, today: CalendarDay) throws -> GoalProgress? {
    guard let goal = try goals().first(where: { $0.year == year }) else {
      return nil
    }
    let (books, pages, seconds) =
      try connection.first(
        """
        SELECT count(*), coalesce(sum(\(StoredValue.countedPagesSQL("b"))), 0),
          coalesce(sum(\(StoredValue.countedSecondsSQL("b"))), 0)
        FROM book_readings r JOIN books b ON b.id = r.book_id
        WHERE r.end_day BETWEEN ? AND ? AND r.abandoned = 0
        """, [.text("\(year)-01-01"), .text("\(year)-12-31")]
      ) { (Int($0.int64(0)), Int($0.int64(1)), Int($0.int64(2))) } ?? (0, 0, 0)
    // A work's overlapping readings of several editions are one book, as stats count it.
    let repeats = try WorkRepeats(connection: connection).repeatedFinishes(
      in: [.text("\(year)-01-01"), .text("\(year)-12-31")])
    return GoalProgress(
      goal: goal, booksFinished: books - repeats.count, pagesFinished: pages,
      secondsFinished: seconds, today: today)
  }
}
