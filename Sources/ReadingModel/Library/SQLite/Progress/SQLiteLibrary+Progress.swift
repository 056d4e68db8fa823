#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The progress area: read transactions over ``ProgressTables`` and ``ReadingStateTables``
/// (``apply(_:)`` writes progress).
extension SQLiteLibrary {
  /// The book's entries, with its readings.
  public func progress(of bookID: Book.ID) throws -> ReadingProgress {
    try reading(orIfMissing: ReadingProgress()) {
      try ProgressTables(connection: $0).progress(withReadingsOf: bookID)
    }
  }

  /// When the book's status was set, oldest first.
  public func statusChanges(of bookID: Book.ID) throws -> [StatusChange] {
    try reading(orIfMissing: []) {
      try ReadingStateTables(connection: $0).statusChanges(of: bookID)
    }
  }

  /// Finds an entry by its id or a unique prefix of it (at least 4 characters).
  public func entry(_ idOrPrefix: String) throws -> EntryLookup {
    let prefix = idOrPrefix.uppercased()
    guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      return .notFound
    }
    return try reading(orIfMissing: .notFound) {
      try ProgressTables(connection: $0).entry(startingWith: prefix)
    }
  }

  /// The entry or note recorded last for the book, or `nil` when it has none.
  public func lastRecordedEntry(of bookID: Book.ID) throws -> ReadingProgress.Entry? {
    try reading(orIfMissing: nil) {
      try ProgressTables(connection: $0).lastRecordedEntry(of: bookID)
    }
  }

  /// The books being read, the latest notes and the counts per status.
  public func overview(notes: Int) throws -> LibraryOverview {
    let empty = LibraryOverview(reading: [], notes: [], counts: [:])
    return try reading(orIfMissing: empty) {
      try ProgressTables(connection: $0).overview(notes: notes)
    }
  }
}

// The progress reads and writes an import and ``apply(_:)`` make on their transaction's
// connection, under the names they call.
extension SQLiteLibrary {
  /// ``ProgressTables/insert(_:bookID:undo:)``.
  func insert(
    _ entry: ReadingProgress.Entry, bookID: Book.ID, undo: String? = nil,
    on connection: SQLiteConnection
  ) throws {
    try ProgressTables(connection: connection).insert(entry, bookID: bookID, undo: undo)
  }

  /// ``ProgressTables/position(of:before:)``.
  func position(of bookID: Book.ID, before time: Date?, on connection: SQLiteConnection)
    throws -> ReadingProgress.Entry?
  {
    try ProgressTables(connection: connection).position(of: bookID, before: time)
  }

  /// ``ReadingStateTables/statusChanges(of:)-(Book.ID)``.
  func fetchStatusChanges(_ bookID: Book.ID, on connection: SQLiteConnection) throws
    -> [StatusChange]
  {
    try ReadingStateTables(connection: connection).statusChanges(of: bookID)
  }

  /// ``ReadingStateTables/log(_:of:)``.
  func logStatus(_ change: StatusChange, of bookID: Book.ID, on connection: SQLiteConnection)
    throws
  {
    try ReadingStateTables(connection: connection).log(change, of: bookID)
  }
}
