extension Schema {
  /// Stats and goals (README, "Stats and goals"): each reading of a book in a row of its
  /// own, kept in step with `book_details.readings` by every write of a book's details, so
  /// a year's finishes are counted by an index; progress by time, for reading days; and a
  /// reading goal per year.
  static let readingsAndGoals = Migration(
    name: "readings-and-goals",
    sql: """
      CREATE TABLE book_readings (
        book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        start_day TEXT,
        end_day TEXT,
        abandoned INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (book_id, position)
      ) WITHOUT ROWID;
      CREATE INDEX book_readings_by_end ON book_readings (end_day, abandoned)
        WHERE end_day IS NOT NULL;
      CREATE INDEX progress_by_time ON progress_entries (time_ms);
      CREATE TABLE reading_goals (
        year INTEGER PRIMARY KEY,
        books INTEGER NOT NULL CHECK (books > 0),
        pages INTEGER CHECK (pages IS NULL OR pages > 0)
      );
      """,
    backfill: { try BookDetailTables(connection: $0).rebuildReadings() })
}
