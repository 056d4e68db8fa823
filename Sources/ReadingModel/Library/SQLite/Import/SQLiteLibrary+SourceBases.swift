// What a service holds of books once bookclub sent them (a push): a base per book, written
// as one group of changes so that `undo` takes the whole push's record back at once.
extension SQLiteLibrary {
  /// Records each book's id and base in `source`, in one transaction
  /// (``ChangeApplying/recordSourceBases(_:source:summary:)``).
  ///
  /// - Returns: The group's record (`nil` when no base changed), and the links left out:
  ///   their book is no longer in the library, or another book holds their id.
  /// - Throws: ``LibraryError`` for a write that fails; then nothing is written.
  public func recordSourceBases(_ links: [SourceLink], source: String, summary: String) throws
    -> (record: ChangeRecord?, skipped: [SourceLink])
  {
    try writing { connection in
      var skipped: [SourceLink] = []
      let group = try beginGroup(.push, on: connection)
      let sources = BookSourceTables(connection: connection)
      for link in links {
        // A book removed meanwhile, or an id another book holds (linked by another process
        // meanwhile), is left out and returned.
        let exists = try connection.integer(
          "SELECT 1 FROM books WHERE id = ?", [.integer(link.book)])
        if exists == nil {
          skipped.append(link)
          continue
        }
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
