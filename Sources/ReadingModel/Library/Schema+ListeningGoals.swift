extension Schema {
  /// Hours of audiobooks as a year's goal, beside its books and pages (README, "Stats and
  /// goals").
  static let listeningGoals = Migration(
    name: "listening-goals",
    sql: """
      ALTER TABLE reading_goals ADD COLUMN hours INTEGER CHECK (hours IS NULL OR hours > 0);
      """)
}
