extension Schema {
  /// Highlights and quotes (README, "Highlights and quotes"): text from a book with where it
  /// stands and when, a book's newest first off its index, every book's off another. A
  /// device's highlight removed here leaves its id in `removed_highlights`, so that reading
  /// the device again does not bring it back; it names its book without a foreign key, so
  /// that a sync rewriting the book's rows does not take it away.
  static let highlights = Migration(
    name: "highlights",
    sql: """
      CREATE TABLE highlights (
        id TEXT PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('highlight', 'note', 'quote')),
        text TEXT NOT NULL,
        note TEXT,
        position REAL CHECK (position IS NULL OR (position >= 0 AND position <= 1)),
        page INTEGER,
        location TEXT,
        time_ms INTEGER NOT NULL,
        color TEXT,
        device TEXT
      );
      CREATE INDEX highlights_by_book ON highlights (book_id, time_ms);
      CREATE INDEX highlights_by_time ON highlights (time_ms);
      CREATE TABLE removed_highlights (
        id TEXT PRIMARY KEY,
        book_id INTEGER NOT NULL
      );
      """)
}
