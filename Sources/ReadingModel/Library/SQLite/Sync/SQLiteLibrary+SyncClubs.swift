extension SQLiteLibrary {
  /// Keeps the memberships other devices announced, each unless a later one is kept.
  public func receiveSyncClubs(_ changes: [(change: SyncClubChange, stamp: SyncStamp)]) throws {
    guard !changes.isEmpty else { return }
    try writing { connection in
      let tables = SyncTables(connection: connection)
      for (change, stamp) in changes { try tables.receiveClub(change, stamp: stamp) }
    }
  }

  /// The memberships other devices announced that this device has not acted on: clubs to
  /// join here, or to leave.
  public func unsettledSyncClubs() throws -> [SyncClubChange] {
    try reading(orIfMissing: []) { try SyncTables(connection: $0).unsettledClubs() }
  }

  /// The latest membership of a club any of your devices announced.
  public func syncedClub(_ id: String) throws -> SyncClubChange? {
    try reading(orIfMissing: nil) { try SyncTables(connection: $0).club(id) }
  }

  /// Marks a club's latest membership as acted on (joined here, left here, or nothing to do).
  public func settleSyncClub(_ id: String) throws {
    try writing { try SyncTables(connection: $0).settleClub(id) }
  }
}
