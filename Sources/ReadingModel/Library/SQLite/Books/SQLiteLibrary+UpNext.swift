/// The Up Next area: the queue read over ``UpNextTables``. A book's place is written with
/// its details (``LibraryChange/edit(_:_:)`` with ``BookEdit/upNext(_:)``).
extension SQLiteLibrary: UpNextReading {
  public func upNext(limit: Int? = nil) throws -> [Book] {
    try reading(orIfMissing: []) { try UpNextTables(connection: $0).queue(limit: limit) }
  }
}
