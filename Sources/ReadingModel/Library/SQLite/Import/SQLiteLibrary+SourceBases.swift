// What a service holds of books once bookclub sent them (a push): a base per book, written
// as one group of changes so that `undo` takes the whole push's record back at once.
extension SQLiteLibrary {
  /// Records each book's id and base in `source`, in one transaction
  /// (``ChangeApplying/recordSourceBases(_:source:summary:)``).
  ///
  /// - Returns: The group's record (`nil` when no base changed), and the links left out
  ///   because another book holds their id.
  /// - Throws: ``LibraryError/bookNotFound(_:)`` for a book no longer in the library (then
  ///   nothing is written), ``LibraryError`` for a write that fails.
  public func recordSourceBases(_ links: [SourceLink], source: String, summary: String) throws
    -> (record: ChangeRecord?, skipped: [SourceLink])
  {
    try writing { connection in
      var skipped: [SourceLink] = []
      let group = try beginGroup(.push, on: connection)
      let sources = BookSourceTables(connection: connection)
      for link in links {
        guard
          try connection.integer("SELECT 1 FROM books WHERE id = ?", [.integer(link.book)]) != nil
        else { throw LibraryError.bookNotFound(link.book) }
        // An id another book holds (linked by another process meanwhile) is left to it.
        if let holder = try sources.book(source: source, id: link.id), holder != link.book {
          skipped.append(link)
          continue
        }
        try recording(.book(link.book), in: group, on: connection) {
          try sources.link(link.book, to: source, id: link.id, base: link.base)
        }
      }
      return (try finish(group, summary: summary, on: connection), skipped)
    }
  }
}
