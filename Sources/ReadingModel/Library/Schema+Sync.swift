extension Schema {
  /// Sync between one's own devices (README, "Sync between your devices"): this device and
  /// its folder (`sync_info`), every book's merged state by its sync id (`sync_books`), the
  /// ids found to be one book (`sync_aliases`), what was read of each device's journal
  /// (`sync_devices`), lines not yet in this device's journal (`sync_outbox`), the values
  /// that lost a field (`sync_replaced`: conflicts are read from them), and
  /// lines of kinds a newer bookclub wrote (kept, not applied).
  static let sync = Migration(
    name: "sync",
    sql: """
      CREATE TABLE sync_info (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE sync_books (
        book TEXT PRIMARY KEY,
        book_id INTEGER NOT NULL,
        claim INTEGER NOT NULL,
        added TEXT NOT NULL,
        add_key TEXT,
        state TEXT NOT NULL
      );
      CREATE INDEX sync_books_by_add_key ON sync_books (add_key) WHERE add_key IS NOT NULL;
      CREATE INDEX sync_books_by_id ON sync_books (book_id);
      CREATE INDEX sync_books_by_claim ON sync_books (claim);
      CREATE TABLE sync_aliases (
        alias TEXT PRIMARY KEY,
        book TEXT NOT NULL,
        add_key TEXT,
        added TEXT NOT NULL
      );
      CREATE INDEX sync_aliases_by_add_key ON sync_aliases (add_key) WHERE add_key IS NOT NULL;
      CREATE TABLE sync_devices (
        device TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        read_offset INTEGER NOT NULL DEFAULT 0,
        read_line INTEGER NOT NULL DEFAULT 0,
        check_length INTEGER NOT NULL DEFAULT 0,
        check_hash INTEGER NOT NULL DEFAULT 0,
        last_seq INTEGER NOT NULL DEFAULT 0,
        last_stamp TEXT,
        changes INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE sync_outbox (
        seq INTEGER PRIMARY KEY,
        line TEXT NOT NULL
      );
      CREATE TABLE sync_replaced (
        book TEXT NOT NULL,
        field TEXT NOT NULL,
        stamp TEXT NOT NULL,
        register TEXT NOT NULL,
        PRIMARY KEY (book, field, stamp)
      ) WITHOUT ROWID;
      CREATE TABLE sync_unknown (
        device TEXT NOT NULL,
        seq INTEGER NOT NULL,
        line TEXT NOT NULL,
        PRIMARY KEY (device, seq)
      ) WITHOUT ROWID;
      """)
}
