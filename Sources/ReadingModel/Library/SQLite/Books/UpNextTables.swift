/// The Up Next queue (`book_details.up_next`), on the connection of a transaction
/// ``SQLiteLibrary`` opened: the books in their order, and the place a book is put at.
///
/// A place is a number: a book put between two takes the middle of theirs, so a move writes
/// one book. When two places come too close to have a middle (after some fifty moves into
/// one gap), the queue is numbered 1, 2, 3… again first, in the same order.
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

  /// The place `book` takes for `placement`; `nil` for out of the queue.
  ///
  /// - Throws: ``UpNextError`` when the book named as the place is not queued or is `book`.
  func place(_ placement: UpNextPlacement, of book: Book.ID) throws -> Double? {
    if case .place(let place) = try resolve(placement, of: book) { return place }
    // Numbered 1, 2, 3… again, any two places have a middle.
    try renumber()
    guard case .place(let place) = try resolve(placement, of: book) else {
      throw UpNextError.crowded
    }
    return place
  }

  /// A place, or no number left between the two a book goes between.
  private enum Resolution {
    case place(Double?)
    case crowded
  }

  private func resolve(_ placement: UpNextPlacement, of book: Book.ID) throws -> Resolution {
    let others = "up_next IS NOT NULL AND book_id <> ?"
    switch placement {
    case .out:
      return .place(nil)
    case .last:
      let last = try number("SELECT max(up_next) FROM book_details WHERE \(others)", [book])
      return .place((last ?? 0).rounded(.down) + 1)
    case .first:
      let first = try number("SELECT min(up_next) FROM book_details WHERE \(others)", [book])
      return .place((first ?? 2).rounded(.up) - 1)
    case .after(let other), .before(let other):
      guard other != book else { throw UpNextError.besideItself }
      guard let anchor = try number("SELECT up_next FROM book_details WHERE book_id = ?", [other])
      else { throw UpNextError.notQueued(other) }
      let after = placement == .after(other)
      let neighbour = try number(
        """
        SELECT \(after ? "min" : "max")(up_next) FROM book_details
        WHERE \(others) AND book_id <> ? AND up_next \(after ? ">" : "<") ?
        """, [book, other], anchor)
      guard let neighbour else { return .place(after ? anchor + 1 : anchor - 1) }
      let middle = (anchor + neighbour) / 2
      return middle == anchor || middle == neighbour ? .crowded : .place(middle)
    }
  }

  /// The queue numbered 1, 2, 3… in its order.
  private func renumber() throws {
    let order = try connection.all(
      "SELECT book_id FROM book_details WHERE up_next IS NOT NULL ORDER BY up_next, book_id"
    ) { $0.int64(0) }
    for (index, book) in order.enumerated() {
      try connection.run(
        "UPDATE book_details SET up_next = ? WHERE book_id = ?",
        [.real(Double(index + 1)), .integer(book)])
    }
  }

  private func number(_ sql: String, _ books: [Book.ID], _ place: Double? = nil) throws -> Double? {
    let values: [SQLiteValue?] = books.map { .integer($0) } + (place.map { [.real($0)] } ?? [])
    return try connection.first(sql, values) { $0.optionalDouble(0) } ?? nil
  }
}
