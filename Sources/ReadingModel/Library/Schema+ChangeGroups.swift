extension Schema {
  /// The members of a group of changes applied in one transaction (an import, a restore):
  /// one row for each book or goal the group changed, with the rows it touched as they were
  /// and as they became (``RowSnapshot``), like a single change's record. A book the group
  /// added keeps no rows (`after` is NULL): undoing the group reads them then, once it has
  /// made sure no later change touched the book, so an import of 20,000 books writes 20,000
  /// small rows, not 20,000 copies of the books.
  static let changeGroups = Migration(
    name: "change-groups",
    sql: """
      CREATE TABLE library_change_members (
        seq INTEGER NOT NULL REFERENCES library_changes (seq) ON DELETE CASCADE,
        book_id INTEGER,
        goal_year INTEGER,
        before TEXT NOT NULL,
        after TEXT
      );
      CREATE INDEX library_change_members_by_seq ON library_change_members (seq);
      CREATE INDEX library_change_members_by_book ON library_change_members (book_id, seq)
        WHERE book_id IS NOT NULL;
      """)

  /// The trash by book: a change's snapshot of a book reads its trash rows, and an
  /// import snapshots every book it merges into.
  static let trashByBook = Migration(
    name: "trash-by-book",
    sql: "CREATE INDEX trash_by_book ON trash (book_id);")
}
