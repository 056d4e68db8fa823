extension Schema {
  /// Whether a book's review gives the story away (``BookDetails/spoiler``), as Goodreads'
  /// `Spoiler` column says and `review --spoiler` sets. A library made before it knew of no
  /// spoilers: every review there reads as none.
  static let reviewSpoilers = Migration(
    name: "review-spoilers",
    sql: """
      ALTER TABLE book_details ADD COLUMN spoiler INTEGER NOT NULL DEFAULT 0;
      """)
}
