/// The books area: read transactions over ``BookTables``, ``BookDetailTables``,
/// ``BookHistoryTables``, ``BookSourceTables`` and ``BookArchiveTables``, and the restore of
/// an archive (``apply(_:)`` writes books).
extension SQLiteLibrary {
  /// The book with `id`, or `nil`.
  public func book(id: Book.ID) throws -> Book? {
    try reading(orIfMissing: nil) { try BookTables(connection: $0).book(id) }
  }

  /// What the book's record holds beyond what lists show.
  public func details(of bookID: Book.ID) throws -> BookDetails {
    try reading(orIfMissing: BookDetails()) {
      try BookDetailTables(connection: $0).details(of: bookID)
    }
  }

  /// Every tag with how many books have it, by tag.
  public func tags() throws -> [TagCount] {
    try reading(orIfMissing: []) { try BookDetailTables(connection: $0).tags() }
  }

  /// The book's history of edits, oldest first.
  public func history(of bookID: Book.ID) throws -> [BookEvent] {
    try reading(orIfMissing: []) { try BookHistoryTables(connection: $0).history(of: bookID) }
  }

  /// The library's own id, made when it was created; `nil` when the library does not exist.
  public func libraryID() throws -> String? {
    try reading(orIfMissing: nil) { try BookSourceTables(connection: $0).libraryID() }
  }

  /// Up to `limit` books after the id `lastID`, in id order, with everything an archive
  /// keeps.
  public func archivePage(after lastID: Book.ID?, limit: Int) throws -> [LibraryArchive.Item] {
    try reading(orIfMissing: []) {
      try BookArchiveTables(connection: $0).items(after: lastID, limit: limit)
    }
  }

  /// Adds every book of `archive` with its progress, keeping ids, in one transaction
  /// recorded as one group of changes.
  public func restore(_ archive: LibraryArchive) throws {
    try writing { connection in
      let books = BookTables(connection: connection)
      let taken = try archive.books.map(\.book.id).filter { try books.book($0) != nil }
      guard taken.isEmpty else { throw LibraryError.idsAlreadyUsed(taken) }
      let group = try beginGroup(.import, on: connection)
      let archived = BookArchiveTables(connection: connection)
      for item in archive.books {
        try archived.insert(item)
        try recordAdded(item.book.id, in: group, on: connection)
      }
      _ = try finish(
        group, summary: "the restore of an archive (\(archive.books.count) books)",
        on: connection)
    }
  }
}
