extension Schema {
  /// StoryGraph's content warnings and their description, and the copies owned (Goodreads'
  /// `Owned Copies`, StoryGraph's `Owned?`), kept with a book's details (README, "Moods and
  /// pace").
  static let warningsAndOwned = Migration(
    name: "warnings-and-owned",
    sql: """
      ALTER TABLE book_details ADD COLUMN warnings TEXT NOT NULL DEFAULT '';
      ALTER TABLE book_details ADD COLUMN warning_note TEXT;
      ALTER TABLE book_details ADD COLUMN owned INTEGER;
      """)
}
