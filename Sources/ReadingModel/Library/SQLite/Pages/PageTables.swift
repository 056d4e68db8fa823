#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A page of books (`list`, the browser), on the connection of the read transaction
/// ``SQLiteLibrary/page(_:)`` opened: the page and its total are read in that one
/// transaction, so they agree.
struct PageTables {
  let connection: SQLiteConnection

  /// One page of books in the query's order (its cursor's sort already checked).
  func page(_ query: PageQuery) throws -> BookPage {
    let words = try SearchWord.words(of: query.search, on: connection)
    let (sql, parameters) = PageSQL.page(query, words: words)
    // One row more than asked for tells whether another page follows, without counting.
    // The books are gathered as they are (a page of `--all` is 2,000 of them, copied
    // nowhere); only the last one the page keeps has its sort key read.
    var books: [ListedBook] = []
    books.reserveCapacity(query.limit + 1)
    var lastKey: String?
    try connection.forEach(sql, parameters) { row in
      books.append(Self.listedBook(from: row))
      if books.count == query.limit { lastKey = row.text(BookTables.columnCount + 1) }
    }
    // Counted in the same read transaction: the total and the page agree.
    let total = try query.countsTotal ? count(query, words: words) : nil
    guard books.count > query.limit, let lastKey else {
      return BookPage(books: books, next: nil, total: total)
    }
    books.removeLast(books.count - query.limit)
    let cursor = PageCursor(
      sort: query.sort, position: query.firstPosition - 1 + query.limit, key: lastKey,
      lastID: books[query.limit - 1].id)
    return BookPage(books: books, next: cursor, total: total)
  }

  /// A row of ``PageSQL/page(_:words:)``: the book, its position, rating and last finish.
  private static func listedBook(from row: SQLiteRow) -> ListedBook {
    let first = BookTables.columnCount
    let (stars, day) = (row.double(first + 2), row.text(first + 3))
    return ListedBook(
      book: BookTables.book(from: row), progress: row.optionalFraction(first),
      rating: stars > 0 ? stars : nil, finishedDay: day.isEmpty ? nil : day)
  }

  /// How many books match the query's filters.
  private func count(_ query: PageQuery, words: [SearchWord]) throws -> Int {
    // One rare word and nothing else: the index has counted its books already.
    if query.filtersOnlyBySearch, words.count == 1, words[0].tags.isEmpty,
      let held = words[0].held
    {
      return held
    }
    let (sql, parameters) = PageSQL.count(query, words: words)
    return Int(try connection.integer(sql, parameters) ?? 0)
  }
}
