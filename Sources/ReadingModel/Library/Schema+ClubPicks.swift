extension Schema {
  /// A club's picks, newest first, off an index of their own: `club status` asks for the
  /// latest pick every time, and without it read every member's standing to find it
  /// (``ClubStandingTables/latestPick``).
  static let clubPicks = Migration(
    name: "club-picks",
    sql: """
      CREATE INDEX club_standing_picks ON club_standing (club_id, time_ms, member_id, seq)
        WHERE kind = 'picked';
      """)
}
