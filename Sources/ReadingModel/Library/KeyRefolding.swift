/// Stored keys made again from the text they are of, when the folding changed (a build with
/// other Unicode data or other rules, ``SearchKey/foldingVersion``): the sort keys, search
/// text and match keys of books, and the keys of tags. Rows whose keys come out the same
/// are not written.
enum KeyRefolding {
  /// Books are read this many at a time, so a large library is not held in memory.
  private static let batchSize = 1_000

  /// The keys of one book as stored, and the text they are made of.
  private struct StoredBook {
    let id: Int64
    let keys: BookKeys
    let stored: [String]
  }

  /// Refolds `books`' key columns; the search index follows by its update trigger.
  static func refoldBooks(on connection: SQLiteConnection) throws {
    var after: Int64 = 0
    while true {
      let books = try connection.all(
        """
        SELECT b.id, b.title, b.authors, d.author_last_first, b.title_key, b.author_key,
          b.search_text, b.match_title, b.match_author, b.author_sort
        FROM books b LEFT JOIN book_details d ON d.book_id = b.id
        WHERE b.id > ? ORDER BY b.id LIMIT ?
        """, [.integer(after), .integer(Int64(batchSize))]
      ) { row in
        StoredBook(
          id: row.int64(0),
          keys: BookKeys(title: row.text(1), authors: row.text(2).lineItems),
          stored: (4...9).map { row.text(Int32($0)) } + [row.optionalText(3) ?? ""])
      }
      guard let last = books.last else { return }
      for book in books { try refold(book, on: connection) }
      after = last.id
    }
  }

  private static func refold(_ book: StoredBook, on connection: SQLiteConnection) throws {
    let keys = book.keys
    let given = book.stored[6]
    // A source's own last-name-first form sorts the book, as adding it does.
    let authorSort = given.isEmpty ? keys.authorSort : SearchKey.fold(given)
    let values = [
      keys.titleKey, keys.authorKey, keys.searchText, keys.matchTitle, keys.matchAuthor,
      authorSort,
    ]
    guard values != Array(book.stored.prefix(6)) else { return }
    try connection.run(
      """
      UPDATE books SET title_key = ?, author_key = ?, search_text = ?, match_title = ?,
        match_author = ?, author_sort = ?
      WHERE id = ?
      """, values.map { .text($0) } + [.integer(book.id)])
  }

  /// Refolds `book_tags.tag_key`. Two tags of one book that now fold alike keep one row:
  /// the tags themselves are kept in the book's details.
  static func refoldTags(on connection: SQLiteConnection) throws {
    let tags = try connection.all("SELECT DISTINCT tag_key, tag FROM book_tags") {
      (key: $0.text(0), tag: $0.text(1))
    }
    for (key, tag) in tags {
      let folded = SearchKey.fold(tag)
      guard folded != key else { continue }
      try connection.run(
        "UPDATE OR REPLACE book_tags SET tag_key = ? WHERE tag_key = ? AND tag = ?",
        [.text(folded), .text(key), .text(tag)])
    }
  }
}
