/// The goals area: read transactions over ``GoalTables`` (``apply(_:)`` writes goals).
extension SQLiteLibrary: GoalLibrary {
  /// Every goal, by year.
  public func goals() throws -> [ReadingGoal] {
    try reading(orIfMissing: []) { try GoalTables(connection: $0).goals() }
  }

  /// The goal of `year` and where the year stands against it on `today`; `nil` without a
  /// goal.
  public func goalProgress(year: Int, today: CalendarDay) throws -> GoalProgress? {
    try reading(orIfMissing: nil) {
      try GoalTables(connection: $0).progress(year: year, today: today)
    }
  }
}

// The goal writes ``apply(_:)`` performs and an import makes, on their transaction's
// connection (the names they call).
extension SQLiteLibrary {
  /// The goals, by year (``GoalTables/goals()``).
  static func goals(on connection: SQLiteConnection) throws -> [ReadingGoal] {
    try GoalTables(connection: connection).goals()
  }

  /// Sets the goal of its year (``GoalTables/set(_:)``).
  static func setGoal(_ goal: ReadingGoal, on connection: SQLiteConnection) throws {
    try GoalTables(connection: connection).set(goal)
  }

  /// Removes the goal of `year` (``GoalTables/clear(year:)``).
  ///
  /// - Returns: The goal there was, if any.
  static func clearGoal(year: Int, on connection: SQLiteConnection) throws -> ReadingGoal? {
    try GoalTables(connection: connection).clear(year: year)
  }
}
