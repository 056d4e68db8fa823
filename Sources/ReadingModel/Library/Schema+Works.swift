extension Schema {
  /// Works and editions (README, "Works and editions"): the work each book is an edition of
  /// (``WorkKey``), kept with its details, and an index to find a work's editions.
  static let works = Migration(
    name: "works",
    sql: """
      ALTER TABLE book_details ADD COLUMN work TEXT;
      CREATE INDEX book_details_by_work ON book_details (work, book_id) WHERE work IS NOT NULL;
      """)
}
