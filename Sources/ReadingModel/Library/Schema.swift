#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The library's tables, as forward migrations. A library records each migration applied,
/// by name, in `schema_migrations` (``MigrationRecord``); opening one runs the ones it lacks,
/// in one transaction, and refuses one that records a migration this build does not know.
enum Schema {
  /// One step of the schema: SQL, then work SQL cannot do (filling keys computed in Swift).
  struct Migration: Sendable {
    /// What the library records once this migration is applied: never changed once released.
    let name: String
    let sql: String
    var backfill: (@Sendable (SQLiteConnection) throws -> Void)?
  }

  /// "bkcl": marks a SQLite file as a bookclub library (`PRAGMA application_id`).
  static let applicationID: Int64 = 0x626B_636C

  /// How many migrations this build knows.
  static var currentVersion: Int { migrations.count }

  /// The migrations from before they had names, by the version a library records for each
  /// (1 to 12): what a library made then has applied. Never changed.
  static let numberedNames = [
    "books-and-progress", "status-changes", "details-and-sources", "identity-and-merging",
    "everyday-use", "search-index", "clubs", "club-standing", "readings-and-goals",
    "unknown-dates-added", "club-git", "club-journal-resume",
  ]

  /// Every migration, in the order they are applied. A new one goes at the end, with a name
  /// of its own.
  static let migrations: [Migration] = [
    Migration(
      name: "books-and-progress",
      sql: """
        CREATE TABLE schema_migrations (
          version INTEGER PRIMARY KEY,
          applied_ms INTEGER NOT NULL
        );
        CREATE TABLE books (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          title TEXT NOT NULL CHECK (title <> ''),
          authors TEXT NOT NULL,
          isbn10 TEXT,
          isbn13 TEXT,
          page_count INTEGER CHECK (page_count IS NULL OR page_count > 0),
          status TEXT NOT NULL CHECK (status IN ('want', 'reading', 'finished', 'abandoned')),
          added_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL,
          title_key TEXT NOT NULL,
          author_key TEXT NOT NULL,
          search_text TEXT NOT NULL
        );
        CREATE INDEX books_by_title ON books (title_key, id);
        CREATE INDEX books_by_author ON books (author_key, id);
        CREATE INDEX books_by_update ON books (updated_ms, id);
        CREATE INDEX books_by_isbn13 ON books (isbn13) WHERE isbn13 IS NOT NULL;
        CREATE TABLE progress_entries (
          id TEXT PRIMARY KEY,
          book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
          progress REAL NOT NULL CHECK (progress >= 0 AND progress <= 1),
          time_ms INTEGER NOT NULL,
          note TEXT
        );
        CREATE INDEX progress_by_book_time ON progress_entries (book_id, time_ms);
        """),
    Migration(
      name: "status-changes",
      sql: """
        CREATE TABLE status_changes (
          book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
          status TEXT NOT NULL CHECK (status IN ('want', 'reading', 'finished', 'abandoned')),
          time_ms INTEGER NOT NULL
        );
        CREATE INDEX status_changes_by_book ON status_changes (book_id, time_ms);
        """),
    Migration(
      name: "details-and-sources",
      sql: """
        CREATE TABLE book_details (
          book_id INTEGER PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE,
          rating REAL CHECK (rating IS NULL OR (rating > 0 AND rating <= 5)),
          review TEXT,
          tags TEXT NOT NULL DEFAULT '',
          readings TEXT NOT NULL DEFAULT '',
          read_count INTEGER,
          publisher TEXT,
          publication_year INTEGER,
          binding TEXT,
          private_notes TEXT
        );
        CREATE TABLE book_sources (
          source TEXT NOT NULL,
          source_id TEXT NOT NULL,
          book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
          PRIMARY KEY (source, source_id)
        );
        CREATE INDEX book_sources_by_book ON book_sources (book_id);
        CREATE INDEX books_by_isbn10 ON books (isbn10) WHERE isbn10 IS NOT NULL;
        CREATE INDEX books_by_title_author ON books (title_key, author_key);
        """),
    // Identity and merging (DESIGN.md section 7): the library's own id; what each source said
    // at its last import; title and author keys that find one work across services.
    Migration(
      name: "identity-and-merging",
      sql: """
        CREATE TABLE library_info (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
        ALTER TABLE book_sources ADD COLUMN base_fields TEXT;
        ALTER TABLE book_sources ADD COLUMN base_columns TEXT;
        CREATE UNIQUE INDEX book_sources_one_per_book ON book_sources (book_id, source);
        ALTER TABLE books ADD COLUMN match_title TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN match_author TEXT NOT NULL DEFAULT '';
        DROP INDEX books_by_title_author;
        CREATE INDEX books_by_match ON books (match_title, match_author);
        ALTER TABLE book_details ADD COLUMN edition_year INTEGER;
        ALTER TABLE book_details ADD COLUMN contributors TEXT NOT NULL DEFAULT '';
        ALTER TABLE book_details ADD COLUMN identifiers TEXT NOT NULL DEFAULT '';
        """,
      backfill: { connection in
        try connection.run(
          "INSERT INTO library_info (key, value) VALUES ('id', ?)",
          [.text(UUID().uuidString.lowercased())])
        let books = try connection.all("SELECT id, title, authors FROM books") { row in
          (row.int64(0), row.text(1), row.text(2).split(separator: "\n").first ?? "")
        }
        for (id, title, author) in books {
          try connection.run(
            "UPDATE books SET match_title = ?, match_author = ? WHERE id = ?",
            [.text(MatchKey.title(title)), .text(MatchKey.author(String(author))), .integer(id)])
        }
      }),
    // Everyday use: notes that are not positions, entries that can be undone, denormalized
    // keys for sorting and filtering by rating, finish and last name, tags that can be
    // queried, a history of edits, and a trash.
    Migration(
      name: "everyday-use",
      sql: """
        ALTER TABLE progress_entries ADD COLUMN kind TEXT NOT NULL DEFAULT 'progress'
          CHECK (kind IN ('progress', 'note'));
        ALTER TABLE progress_entries ADD COLUMN undo TEXT;
        ALTER TABLE books ADD COLUMN rating REAL NOT NULL DEFAULT 0;
        ALTER TABLE books ADD COLUMN finished_day TEXT NOT NULL DEFAULT '';
        ALTER TABLE books ADD COLUMN author_sort TEXT NOT NULL DEFAULT '';
        ALTER TABLE book_details ADD COLUMN author_last_first TEXT;
        CREATE INDEX books_by_rating ON books (rating, id);
        CREATE INDEX books_by_finished ON books (finished_day, id);
        CREATE INDEX books_by_added ON books (added_ms, id);
        CREATE INDEX books_by_author_sort ON books (author_sort, id);
        CREATE INDEX books_by_status ON books (status, id);
        CREATE INDEX books_reading_by_update ON books (updated_ms) WHERE status = 'reading';
        CREATE INDEX progress_notes_by_time ON progress_entries (time_ms) WHERE note IS NOT NULL;
        CREATE TABLE book_tags (
          tag_key TEXT NOT NULL,
          book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
          tag TEXT NOT NULL,
          PRIMARY KEY (tag_key, book_id)
        );
        CREATE INDEX book_tags_by_book ON book_tags (book_id);
        CREATE TABLE book_events (
          book_id INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
          time_ms INTEGER NOT NULL,
          kind TEXT NOT NULL,
          detail TEXT NOT NULL
        );
        CREATE INDEX book_events_by_book ON book_events (book_id, time_ms);
        CREATE TABLE trash (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          book_id INTEGER NOT NULL,
          title TEXT NOT NULL,
          removed_ms INTEGER NOT NULL,
          item TEXT NOT NULL
        );
        -- Books per status, kept by triggers, so a million-book library counts them at once.
        CREATE TABLE book_counts (
          status TEXT PRIMARY KEY,
          books INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO book_counts (status, books)
        VALUES ('want', 0), ('reading', 0), ('finished', 0), ('abandoned', 0);
        UPDATE book_counts
        SET books = (SELECT count(*) FROM books WHERE books.status = book_counts.status);
        CREATE TRIGGER books_counted_on_insert AFTER INSERT ON books BEGIN
          UPDATE book_counts SET books = books + 1 WHERE status = NEW.status;
        END;
        CREATE TRIGGER books_counted_on_delete AFTER DELETE ON books BEGIN
          UPDATE book_counts SET books = books - 1 WHERE status = OLD.status;
        END;
        CREATE TRIGGER books_counted_on_status AFTER UPDATE OF status ON books
        WHEN OLD.status <> NEW.status BEGIN
          UPDATE book_counts SET books = books - 1 WHERE status = OLD.status;
          UPDATE book_counts SET books = books + 1 WHERE status = NEW.status;
        END;
        """,
      backfill: { connection in
        let books = try connection.all("SELECT id, authors FROM books") { row in
          (row.int64(0), row.text(1).split(separator: "\n").first.map(String.init) ?? "")
        }
        for (id, author) in books {
          try connection.run(
            "UPDATE books SET author_sort = ? WHERE id = ?",
            [.text(AuthorName.sortKey(author)), .integer(id)])
        }
        let details = try connection.all(
          "SELECT book_id, rating, readings, tags FROM book_details"
        ) { row in (row.int64(0), row.optionalDouble(1), row.text(2), row.text(3)) }
        for (id, rating, readings, tags) in details {
          let periods = readings.split(separator: "\n").map(ReadingPeriod.init(text:))
          try connection.run(
            "UPDATE books SET rating = ?, finished_day = ? WHERE id = ?",
            [
              .real(rating ?? 0), .text(ReadingPeriod.lastFinish(periods)?.description ?? ""),
              .integer(id),
            ])
          for tag in tags.split(separator: "\n") {
            try connection.run(
              "INSERT OR IGNORE INTO book_tags (tag_key, book_id, tag) VALUES (?, ?, ?)",
              [.text(SearchKey.fold(String(tag))), .integer(id), .text(String(tag))])
          }
        }
      }),
    // Search through an index: FTS5's trigram tokenizer over the folded title and authors
    // finds any substring of three characters or more without reading every book. The index
    // reads its text from `books` and triggers keep it in step in the writing transaction.
    Migration(
      name: "search-index",
      sql: """
        CREATE VIRTUAL TABLE book_search USING fts5(
          search_text, content = 'books', content_rowid = 'id', tokenize = 'trigram'
        );
        INSERT INTO book_search (book_search) VALUES ('rebuild');
        -- An import indexes the books it adds in one statement at its end (FTS5 writes its
        -- pending terms at every statement a trigger would run in): while 'search_pending'
        -- holds the largest id from before, books above it are left to that statement.
        CREATE TRIGGER books_searched_on_insert AFTER INSERT ON books
        WHEN NOT EXISTS (SELECT 1 FROM library_info
          WHERE key = 'search_pending' AND CAST(value AS INTEGER) < NEW.id) BEGIN
          INSERT INTO book_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
        END;
        CREATE TRIGGER books_searched_on_delete AFTER DELETE ON books
        WHEN NOT EXISTS (SELECT 1 FROM library_info
          WHERE key = 'search_pending' AND CAST(value AS INTEGER) < OLD.id) BEGIN
          INSERT INTO book_search (book_search, rowid, search_text)
          VALUES ('delete', OLD.id, OLD.search_text);
        END;
        CREATE TRIGGER books_searched_on_update AFTER UPDATE OF search_text ON books
        WHEN OLD.search_text IS NOT NEW.search_text AND NOT EXISTS (SELECT 1 FROM library_info
          WHERE key = 'search_pending' AND CAST(value AS INTEGER) < OLD.id) BEGIN
          INSERT INTO book_search (book_search, rowid, search_text)
          VALUES ('delete', OLD.id, OLD.search_text);
          INSERT INTO book_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
        END;
        -- A status in every order: the page is read off the index whether few books have
        -- the status or most do.
        CREATE INDEX books_by_status_title ON books (status, title_key, id);
        CREATE INDEX books_by_status_author ON books (status, author_sort, id);
        CREATE INDEX books_by_status_update ON books (status, updated_ms, id);
        CREATE INDEX books_by_status_rating ON books (status, rating, id);
        CREATE INDEX books_by_status_finished ON books (status, finished_day, id);
        CREATE INDEX books_by_status_added ON books (status, added_ms, id);
        """),
    // Book clubs (DESIGN.md section 10): the clubs you are in, how far each member's
    // journal has been read, the events read so far (so a club is read incrementally), and
    // your own events waiting to reach your journal (written after the library commits,
    // retried by the next command when the club folder could not be written).
    Migration(
      name: "clubs",
      sql: """
        CREATE TABLE clubs (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          path TEXT NOT NULL,
          member_id TEXT NOT NULL,
          member_name TEXT NOT NULL,
          share_notes INTEGER NOT NULL DEFAULT 0,
          next_sequence INTEGER NOT NULL DEFAULT 1,
          joined_ms INTEGER NOT NULL
        );
        CREATE TABLE club_journals (
          club_id TEXT NOT NULL,
          member_id TEXT NOT NULL,
          read_offset INTEGER NOT NULL,
          PRIMARY KEY (club_id, member_id)
        ) WITHOUT ROWID;
        -- Each event's fields in columns, so a club's standing is read by index lookups
        -- (one per member and kind) without decoding lines, however long the journals.
        CREATE TABLE club_events (
          club_id TEXT NOT NULL,
          member_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          time_ms INTEGER NOT NULL,
          kind TEXT NOT NULL,
          book_key TEXT,
          fraction REAL,
          page INTEGER,
          rating REAL,
          text TEXT,
          line TEXT NOT NULL,
          PRIMARY KEY (club_id, member_id, seq)
        ) WITHOUT ROWID;
        CREATE INDEX club_events_by_book ON club_events (club_id, book_key, kind, member_id, time_ms);
        CREATE INDEX club_events_by_member ON club_events (club_id, member_id, kind, time_ms);
        CREATE INDEX club_events_by_kind ON club_events (club_id, kind, time_ms);
        CREATE TABLE club_outbox (
          club_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          line TEXT NOT NULL,
          PRIMARY KEY (club_id, seq)
        ) WITHOUT ROWID;
        """),
    clubStanding,
    readingsAndGoals,
    unknownDatesAdded,
    clubGit,
    clubJournalResume,
    libraryChanges,
    changeGroups,
    trashByBook,
    reviewSpoilers,
    sync,
    syncClubs,
    series,
    pausedStatus,
    upNext,
    moodsAndPace,
    formats,
    listeningGoals,
    warningsAndOwned,
    works,
    highlights,
    readingSessions,
    clubJournalStamps,
    sourceRowDigests,
    clubPicks,
  ]
}
