extension Schema {
  /// The record of changes (``ChangeRecord``): every change the one writer applies, with
  /// the rows of its subject before and after (``RowSnapshot``), so that any change can be
  /// undone and redone. Kept when its book goes: undoing a removal needs it.
  static let libraryChanges = Migration(
    name: "library-changes",
    sql: """
      CREATE TABLE library_changes (
        seq INTEGER PRIMARY KEY,
        time_ms INTEGER NOT NULL,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,
        book_id INTEGER,
        goal_year INTEGER,
        summary TEXT NOT NULL,
        before TEXT NOT NULL,
        after TEXT NOT NULL,
        target INTEGER,
        undone INTEGER NOT NULL DEFAULT 0,
        applied_seq INTEGER NOT NULL
      );
      CREATE INDEX library_changes_by_book ON library_changes (book_id, applied_seq)
        WHERE action = 'change';
      CREATE INDEX library_changes_by_applied ON library_changes (applied_seq)
        WHERE action = 'change';
      """)
}
