extension Schema {
  /// Each journal's ``FileStamp`` where its last read reached its end
  /// (``ClubJournal/ReadPoint/fileStamp``): a journal still so is not opened again. A
  /// journal read before this has none, and is checked as before until its next read.
  static let clubJournalStamps = Migration(
    name: "club-journal-stamps",
    sql: """
      ALTER TABLE club_journals ADD COLUMN file_stamp INTEGER NOT NULL DEFAULT 0;
      """)
}
