/// The Up Next queue (`book_details.up_next`), on the connection of a transaction
/// ``SQLiteLibrary`` opened: the books in their order, and the place a book is put at.
///
/// A place is a key (``UpNextKey``): a book put between two takes a key between theirs, so a
/// move writes that one book, and every device that reads it puts it in the same place.
struct UpNextTables {
  let connection: SQLiteConnection

  /// The queue's books in order, at most `limit`.
  func queue(limit: Int? = nil) throws -> [Book] {
    try connection.all(
      """
      SELECT \(BookTables.columns) FROM book_details d JOIN books b ON b.id = d.book_id
      WHERE d.up_next IS NOT NULL ORDER BY d.up_next, d.book_id LIMIT ?
      """, [.integer(Int64(limit ?? -1))], BookTables.book(from:))
  }

  /// The key `book` takes for `placement`; `nil` for out of the queue.
  ///
  /// - Throws: ``UpNextError`` when the book named as the place is not queued or is `book`,
  ///   or when no key short enough is left there.
  func place(_ placement: UpNextPlacement, of book: Book.ID) throws -> String? {
    let others = "up_next IS NOT NULL AND book_id <> ?"
    let key: String
    switch placement {
    case .out:
      return nil
    case .last:
      key = UpNextKey.between(
        try text("SELECT max(up_next) FROM book_details WHERE \(others)", [.integer(book)]), nil)
    case .first:
      key = UpNextKey.between(
        nil, try text("SELECT min(up_next) FROM book_details WHERE \(others)", [.integer(book)]))
    case .after(let other), .before(let other):
      guard other != book else { throw UpNextError.besideItself }
      guard
        let anchor = try text(
          "SELECT up_next FROM book_details WHERE book_id = ? AND up_next IS NOT NULL",
          [.integer(other)])
      else { throw UpNextError.notQueued(other) }
      let after = placement == .after(other)
      let neighbour = try text(
        """
        SELECT \(after ? "min" : "max")(up_next) FROM book_details
        WHERE \(others) AND book_id <> ? AND up_next \(after ? ">" : "<") ?
        """, [.integer(book), .integer(other), .text(anchor)])
      key = after ? UpNextKey.between(anchor, neighbour) : UpNextKey.between(neighbour, anchor)
    }
    guard key.utf8.count <= UpNextKey.longest else { throw UpNextError.crowded }
    return key
  }

  private func text(_ sql: String, _ values: [SQLiteValue?]) throws -> String? {
    try connection.first(sql, values) { $0.optionalText(0) } ?? nil
  }
}
