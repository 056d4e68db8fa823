#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sessions area: read transactions over ``SessionTables``. Sessions are written
/// through ``SQLiteLibrary/apply(_:)`` (``LibraryChange/addSessions(_:_:)`` and
/// ``LibraryChange/removeSession(_:)``) and by an ingest.
extension SQLiteLibrary: SessionReading {
  public func sessions(of bookID: Book.ID) throws -> [ReadingSession] {
    try reading(orIfMissing: []) { try SessionTables(connection: $0).sessions(of: bookID) }
  }

  public func sessions(from start: Date, to end: Date) throws
    -> [(book: Book.ID, session: ReadingSession)]
  {
    try reading(orIfMissing: []) {
      try SessionTables(connection: $0).sessions(from: start, to: end)
    }
  }

  public func session(startingWith prefix: String) throws
    -> (session: ReadingSession, book: Book.ID)?
  {
    // At least four characters of an id, as entries are named.
    guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      return nil
    }
    return try reading(orIfMissing: nil) {
      try SessionTables(connection: $0).session(startingWith: prefix)
    }
  }
}
