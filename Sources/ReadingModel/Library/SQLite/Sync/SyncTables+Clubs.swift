extension SyncTables {
  /// Puts a membership of this device in the outbox for the other devices, when the
  /// library syncs, and keeps it as the club's latest: an older line of another device
  /// (one that was offline) does not undo it.
  func queueClub(_ change: SyncClubChange) throws {
    guard try device != nil else { return }
    let stamp = try nextStamp()
    try queue(.club(change), stamp: stamp)
    try keepClub(change, stamp: stamp, settled: true)
  }

  /// Keeps a membership another device announced, unless a later one (of any device) is
  /// kept: this device then acts on it (``unsettledClubs()``).
  func receiveClub(_ change: SyncClubChange, stamp: SyncStamp) throws {
    try keepClub(change, stamp: stamp, settled: false)
  }

  private func keepClub(_ change: SyncClubChange, stamp: SyncStamp, settled: Bool) throws {
    let kept = try connection.first(
      "SELECT stamp FROM sync_clubs WHERE club = ?", [.text(change.club)]
    ) { SyncStamp($0.text(0)) }
    if let kept = kept ?? nil, kept >= stamp { return }
    var json = JSONWriter()
    JSONValue.object(change.members).write(to: &json)
    try connection.run(
      """
      INSERT INTO sync_clubs (club, stamp, line, settled) VALUES (?, ?, ?, ?)
      ON CONFLICT (club) DO UPDATE SET stamp = excluded.stamp, line = excluded.line,
        settled = excluded.settled
      """,
      [
        .text(change.club), .text(stamp.description),
        .text(String(decoding: json.bytes, as: UTF8.self)), .integer(settled ? 1 : 0),
      ])
  }

  /// The memberships other devices announced that this device has not acted on yet.
  func unsettledClubs() throws -> [SyncClubChange] {
    try clubs(where: "settled = 0")
  }

  /// The latest membership of a club any device announced.
  func club(_ id: String) throws -> SyncClubChange? {
    try connection.first("SELECT line FROM sync_clubs WHERE club = ?", [.text(id)]) {
      Self.change(fromStored: $0.text(0))
    } ?? nil
  }

  /// Every club's latest membership, for a snapshot.
  func latestClubs() throws -> [(change: SyncClubChange, stamp: SyncStamp)] {
    try connection.all("SELECT line, stamp FROM sync_clubs ORDER BY club") { row in
      Self.change(fromStored: row.text(0)).flatMap { change in
        SyncStamp(row.text(1)).map { (change, $0) }
      }
    }.compactMap { $0 }
  }

  /// Marks a club's latest membership as acted on.
  func settleClub(_ id: String) throws {
    try connection.run("UPDATE sync_clubs SET settled = 1 WHERE club = ?", [.text(id)])
  }

  private func clubs(where condition: String) throws -> [SyncClubChange] {
    try connection.all("SELECT line FROM sync_clubs WHERE \(condition) ORDER BY club") {
      Self.change(fromStored: $0.text(0))
    }.compactMap { $0 }
  }

  private static func change(fromStored text: String) -> SyncClubChange? {
    var parser = JSONParser(bytes: Array(text.utf8))
    guard case .object(let members)? = try? parser.value() else { return nil }
    return SyncClubChange(members: members)
  }
}
