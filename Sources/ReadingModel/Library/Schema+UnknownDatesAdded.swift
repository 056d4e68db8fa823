extension Schema {
  /// Exports write only what the library knows (README, "Import and export"): a book whose
  /// source gave no date added is marked, so that its date added reads as empty while
  /// `books.added_ms` keeps the import time for sorting. Books imported before this keep the
  /// import time as their date: nothing left in the library tells them apart.
  static let unknownDatesAdded = Migration(
    name: "unknown-dates-added",
    sql: """
      ALTER TABLE book_details ADD COLUMN date_added_unknown INTEGER NOT NULL DEFAULT 0;
      """)
}
