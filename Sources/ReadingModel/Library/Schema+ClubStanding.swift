extension Schema {
  /// A club's standing kept as it is read, not every event (DESIGN.md section 10): a
  /// thousand members with ten thousand events each made a library of gigabytes that took
  /// minutes to fill. Kept now: each member's latest event of each slot (a kind, and the
  /// book for kinds about one) and their first `joined`; the progress events of each member's
  /// last 14 days on each book, for the pace; every shared note. The journals stay the
  /// record; this is what `club status` and `club notes` read. And, per club, what went
  /// wrong with the last background sync, for the next command to tell.
  static let clubStanding = Migration(
    name: "club-standing",
    sql: """
      CREATE TABLE club_standing (
        club_id TEXT NOT NULL,
        member_id TEXT NOT NULL,
        slot TEXT NOT NULL,
        seq INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        kind TEXT NOT NULL,
        book_key TEXT,
        fraction REAL,
        page INTEGER,
        rating REAL,
        text TEXT,
        line TEXT,
        PRIMARY KEY (club_id, member_id, slot)
      ) WITHOUT ROWID;
      CREATE TABLE club_pace (
        club_id TEXT NOT NULL,
        member_id TEXT NOT NULL,
        book_key TEXT NOT NULL,
        time_ms INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        fraction REAL NOT NULL,
        PRIMARY KEY (club_id, member_id, book_key, time_ms, seq)
      ) WITHOUT ROWID;
      CREATE TABLE club_notes (
        club_id TEXT NOT NULL,
        member_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        book_key TEXT NOT NULL,
        fraction REAL NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (club_id, member_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX club_notes_by_book ON club_notes (club_id, book_key, time_ms);
      -- What was read so far, folded: the latest of each slot wins (inserted oldest first),
      -- the first `joined` is the first one inserted.
      INSERT OR REPLACE INTO club_standing
      SELECT club_id, member_id,
        CASE WHEN kind IN ('progress', 'finished', 'abandoned', 'rated')
          THEN kind || ':' || coalesce(book_key, '')
          WHEN kind IN ('joined', 'left', 'picked') THEN kind ELSE 'other:' || kind END,
        seq, time_ms, kind, book_key, fraction, page, rating, text,
        CASE kind WHEN 'picked' THEN line END
      FROM club_events WHERE kind <> 'note' ORDER BY time_ms, seq;
      INSERT OR IGNORE INTO club_standing
      SELECT club_id, member_id, 'first-joined', seq, time_ms, kind, NULL, NULL, NULL, NULL,
        text, NULL
      FROM club_events WHERE kind = 'joined' ORDER BY time_ms, seq;
      INSERT INTO club_notes
      SELECT club_id, member_id, seq, time_ms, book_key, coalesce(fraction, 0), text
      FROM club_events WHERE kind = 'note' AND book_key IS NOT NULL AND text IS NOT NULL;
      INSERT INTO club_pace
      SELECT e.club_id, e.member_id, e.book_key, e.time_ms, e.seq, coalesce(e.fraction, 0)
      FROM club_events e JOIN club_standing s ON s.club_id = e.club_id
        AND s.member_id = e.member_id AND s.slot = 'progress:' || e.book_key
      WHERE e.kind = 'progress' AND e.time_ms >= s.time_ms - 1209600000;
      DROP TABLE club_events;
      ALTER TABLE clubs ADD COLUMN sync_problem TEXT;
      """)
}
