extension SyncTables {
  /// ``SQLiteLibrary/syncedIDMoves()``.
  func idMoves() throws -> [(book: String, from: Book.ID, to: Book.ID)] {
    let shared = try connection.all(
      """
      SELECT book, book_id, claim, added FROM sync_books
      WHERE claim IN (SELECT claim FROM sync_books GROUP BY claim HAVING count(*) > 1)
      """
    ) { row in (row.text(0), row.int64(1), row.int64(2), SyncStamp(row.text(3))) }
    var target: [String: Book.ID] = [:]
    var displaced: [(book: String, added: SyncStamp?)] = []
    for (_, group) in Dictionary(grouping: shared, by: \.2) {
      let ordered = group.sorted { first, second in
        switch (first.3, second.3) {
        case (let a?, let b?) where a != b: a < b
        default: first.0 < second.0
        }
      }
      if let keeper = ordered.first { target[keeper.0] = keeper.2 }
      displaced += ordered.dropFirst().map { ($0.0, $0.3) }
    }
    let highest = try connection.integer("SELECT max(claim) FROM sync_books") ?? 0
    let ordered = displaced.sorted { first, second in
      switch (first.added, second.added) {
      case (let a?, let b?) where a != b: a < b
      default: first.book < second.book
      }
    }
    for (offset, book) in ordered.enumerated() { target[book.book] = highest + 1 + Int64(offset) }
    var moves: [(book: String, from: Book.ID, to: Book.ID)] = []
    let current = Dictionary(uniqueKeysWithValues: shared.map { ($0.0, $0.1) })
    for (book, id) in target {
      if let from = current[book], from != id { moves.append((book, from, id)) }
    }
    let strays = try connection.all(
      """
      SELECT book, book_id, claim FROM sync_books WHERE book_id <> claim
      AND claim NOT IN (SELECT claim FROM sync_books GROUP BY claim HAVING count(*) > 1)
      """
    ) { ($0.text(0), $0.int64(1), $0.int64(2)) }
    for (book, from, claim) in strays { moves.append((book, from, claim)) }
    return moves.sorted { $0.book < $1.book }
  }
}

extension SyncTables {
  /// Of the books given, those whose rows are not as their state makes them (entries or
  /// history of one millisecond in another order): written again, every device's export is
  /// the same.
  func unsettled(_ ids: [Book.ID]) throws -> [String] {
    var books: [String] = []
    for id in ids {
      guard let known = try state(ofBookID: id), !known.state.isRemoved,
        let local = try localItem(id), known.state.item(id: id) != local
      else { continue }
      books.append(known.book)
    }
    return books
  }
}
