import Foundation
import ReadingModel

extension SQLiteLibrary {
  /// Adds `books` in one transaction (ids 1, 2, ..., each updated a millisecond after the
  /// one before, as one-by-one adds would be): fixtures of hundreds of books without a
  /// transaction each.
  public func bulkAdd(_ books: [NewBook]) async throws {
    let start = Date().roundedToMilliseconds
    let items = books.enumerated().map { offset, book in
      let time = start.addingTimeInterval(Double(offset) / 1000)
      return LibraryArchive.Item(
        book: Book(
          id: Int64(offset + 1), title: book.title, authors: book.authors,
          isbn10: book.isbn?.isbn10, isbn13: book.isbn?.isbn13, pageCount: book.pageCount,
          status: book.status, dateAdded: time, dateUpdated: time),
        progress: ReadingProgress())
    }
    try restore(LibraryArchive(books: items))
  }
}
