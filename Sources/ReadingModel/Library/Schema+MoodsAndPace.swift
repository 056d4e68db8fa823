extension Schema {
  /// StoryGraph's moods and pace (README, "Moods and pace"), kept with a book's details, and
  /// a row a mood (`book_moods`, by its folded name) and an index by pace, so `list --mood`
  /// and `list --pace` read off an index.
  static let moodsAndPace = Migration(
    name: "moods-and-pace",
    sql: """
      ALTER TABLE book_details ADD COLUMN moods TEXT NOT NULL DEFAULT '';
      ALTER TABLE book_details ADD COLUMN pace TEXT;
      CREATE INDEX book_details_by_pace ON book_details (pace, book_id) WHERE pace IS NOT NULL;
      CREATE TABLE book_moods (
        mood_key TEXT NOT NULL,
        book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
        mood TEXT NOT NULL,
        PRIMARY KEY (mood_key, book_id)
      );
      CREATE INDEX book_moods_by_book ON book_moods (book_id);
      """)
}
