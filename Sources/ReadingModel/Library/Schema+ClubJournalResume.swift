extension Schema {
  /// Journals read safely and kept small (README, "Book clubs"). Where a read ends is
  /// checked before the next one resumes there: the line count, the hash of the last line's
  /// end and the highest sequence are kept with the offset (an offset kept before this has
  /// no check, so that journal is read once more from its start). Progress is kept for the
  /// pace one point an hour, a member's notes only their latest 200 of each book: a
  /// journal of a million events made a library of 160 MB.
  static let clubJournalResume = Migration(
    name: "club-journal-resume",
    sql: """
      ALTER TABLE club_journals ADD COLUMN line_number INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE club_journals ADD COLUMN check_length INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE club_journals ADD COLUMN check_hash INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE club_journals ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE club_pace_hours (
        club_id TEXT NOT NULL,
        member_id TEXT NOT NULL,
        book_key TEXT NOT NULL,
        hour INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        fraction REAL NOT NULL,
        PRIMARY KEY (club_id, member_id, book_key, hour)
      ) WITHOUT ROWID;
      -- The earliest point of each hour (hours rounded down, before 1970 too).
      INSERT OR IGNORE INTO club_pace_hours
      SELECT club_id, member_id, book_key,
        CASE WHEN time_ms >= 0 THEN time_ms / 3600000 ELSE -((-(time_ms + 1)) / 3600000) - 1 END,
        time_ms, seq, fraction
      FROM club_pace ORDER BY time_ms, seq;
      DROP TABLE club_pace;
      ALTER TABLE club_pace_hours RENAME TO club_pace;
      DELETE FROM club_notes WHERE (club_id, member_id, seq) IN (
        SELECT club_id, member_id, seq FROM (
          SELECT club_id, member_id, seq, row_number() OVER (
            PARTITION BY club_id, member_id, book_key ORDER BY seq DESC) AS newer
          FROM club_notes)
        WHERE newer > 200);
      CREATE INDEX club_notes_by_member ON club_notes (club_id, member_id, book_key, seq);
      """)
}
