extension Schema {
  /// The Up Next queue (README, "Up Next"): a book's place in it, a key that orders the
  /// queue as text (``UpNextKey``), kept with its details so that undo, the archive and sync
  /// carry it as they carry every detail; read in order off a partial index.
  static let upNext = Migration(
    name: "up-next",
    sql: """
      ALTER TABLE book_details ADD COLUMN up_next TEXT;
      CREATE INDEX book_details_up_next ON book_details (up_next, book_id)
        WHERE up_next IS NOT NULL;
      """)
}
