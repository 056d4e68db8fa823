extension Schema {
  /// Reading sessions (README, "Reading sessions"): spans of reading with their time, pages
  /// and device, a book's off its index, every book's by time off another (stats by day,
  /// weekday and hour). A device's session removed here leaves its id in
  /// `removed_sessions` (as `removed_highlights` keeps a highlight's), so that reading the
  /// device again does not bring it back.
  static let readingSessions = Migration(
    name: "reading-sessions",
    sql: """
      CREATE TABLE reading_sessions (
        id TEXT PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
        start_ms INTEGER NOT NULL,
        seconds INTEGER NOT NULL CHECK (seconds > 0 AND seconds <= 86400),
        start_position REAL CHECK (start_position IS NULL OR start_position BETWEEN 0 AND 1),
        end_position REAL CHECK (end_position IS NULL OR end_position BETWEEN 0 AND 1),
        first_page INTEGER,
        last_page INTEGER,
        pages INTEGER,
        device TEXT
      );
      CREATE INDEX reading_sessions_by_book ON reading_sessions (book_id, start_ms);
      CREATE INDEX reading_sessions_by_time ON reading_sessions (start_ms);
      CREATE TABLE removed_sessions (
        id TEXT PRIMARY KEY,
        book_id INTEGER NOT NULL
      );
      """)
}
