/// Pages of books: one read transaction over ``PageTables``.
extension SQLiteLibrary {
  /// One page of books in the query's order, using keyset paging.
  public func page(_ query: PageQuery) throws -> BookPage {
    if let cursor = query.after, cursor.sort != query.sort {
      throw LibraryError.cursorSortMismatch(cursor: cursor.sort, query: query.sort)
    }
    let empty = BookPage(books: [], next: nil, total: query.countsTotal ? 0 : nil)
    return try reading(orIfMissing: empty) { try PageTables(connection: $0).page(query) }
  }
}
