/// The series area: read transactions over ``SeriesTables``. Places in series are written
/// with a book's details (``LibraryChange/edit(_:_:)`` of ``BookField/series``).
extension SQLiteLibrary: SeriesReading {
  public func series() throws -> [Series] {
    try reading(orIfMissing: []) { try SeriesTables(connection: $0).all() }
  }

  public func series(named name: String) throws -> Series? {
    try reading(orIfMissing: nil) { try SeriesTables(connection: $0).named(name) }
  }

  public func series(of bookID: Book.ID) throws -> [Series] {
    try reading(orIfMissing: []) { connection in
      let places = try BookDetailTables(connection: connection).details(of: bookID).series
      return places.isEmpty
        ? [] : try SeriesTables(connection: connection).of(bookID, places: places)
    }
  }
}
