/// The highlights area: read transactions over ``HighlightTables``. Highlights are written
/// through ``SQLiteLibrary/apply(_:)`` (``LibraryChange/addHighlights(_:_:)`` and the
/// others).
extension SQLiteLibrary: HighlightReading {
  public func highlights(of bookID: Book.ID) throws -> [Highlight] {
    try reading(orIfMissing: []) { try HighlightTables(connection: $0).highlights(of: bookID) }
  }

  public func newestHighlights(search: String?, limit: Int) throws
    -> [(book: Book, highlight: Highlight)]
  {
    try reading(orIfMissing: []) {
      try HighlightTables(connection: $0).newest(search: search, limit: limit)
    }
  }

  public func highlight(startingWith prefix: String) throws
    -> (highlight: Highlight, book: Book.ID)?
  {
    // At least four characters of an id, as entries are named.
    guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      return nil
    }
    return try reading(orIfMissing: nil) {
      try HighlightTables(connection: $0).highlight(startingWith: prefix)
    }
  }
}
