// The record of changes keeps the newest ``SQLiteLibrary/keptChanges`` records (1,000):
// undo goes back that far, and a library used for years does not carry every change it
// ever had (a removal's record holds the book's whole history, an import's a row per book).
extension SQLiteLibrary {
  /// Trims the record to the newest ``keptChanges`` records, every tenth of that many
  /// records (a trim reads the record's index; a record written costs nothing more the
  /// other times). An undo's record is newer than the change it undid, so a change goes
  /// before its undo, and a group's members go with it.
  ///
  /// - Parameter seq: The record just written.
  func trimRecord(after seq: Int64, on connection: SQLiteConnection) throws {
    guard seq % (keptChanges / 10) == 0, seq > keptChanges else { return }
    // A change redone lately is as new as its redo (`applied_seq`), however old its number.
    try connection.run(
      """
      DELETE FROM library_changes
      WHERE seq <= ?1 AND NOT (action = 'change' AND applied_seq > ?1)
      """, [.integer(seq - keptChanges)])
  }
}
