extension Schema {
  /// Clubs on every device (README, "Clubs on every device"): a membership's person and the
  /// URL it was cloned from (`clubs`), and the latest membership of each club another device
  /// announced (`sync_clubs`: the line as it came, and whether this device has acted on it).
  static let syncClubs = Migration(
    name: "sync-clubs",
    sql: """
      ALTER TABLE clubs ADD COLUMN person TEXT;
      ALTER TABLE clubs ADD COLUMN url TEXT;
      CREATE TABLE sync_clubs (
        club TEXT PRIMARY KEY,
        stamp TEXT NOT NULL,
        line TEXT NOT NULL,
        settled INTEGER NOT NULL DEFAULT 0
      );
      """)
}
