/// The works area: read transactions over ``WorkTables``.
extension SQLiteLibrary: WorkReading {
  public func editions(of bookID: Book.ID) throws -> [Book] {
    try reading(orIfMissing: []) { try WorkTables(connection: $0).editions(of: bookID) }
  }
}
