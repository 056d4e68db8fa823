/// What a library keeps of reading goals, one per year, for reading them (a goal is set
/// or cleared through ``Library/apply(_:)``). Each method is one read transaction.
public protocol GoalLibrary: Sendable {
  /// Every goal, by year.
  func goals() async throws -> [ReadingGoal]

  /// The goal of `year` and where the year stands against it on `today`; `nil` without a
  /// goal.
  func goalProgress(year: Int, today: CalendarDay) async throws -> GoalProgress?
}
