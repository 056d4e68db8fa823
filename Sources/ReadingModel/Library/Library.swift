/// Where books and their progress live. Every method is one transaction: it either happens
/// whole or not at all.
public protocol Library: Sendable {
  /// One page of books in the query's order, using keyset paging.
  ///
  /// - Parameter query: The order, filters, page size and where the previous page ended.
  /// - Returns: The books, and a cursor when more follow.
  /// - Throws: ``LibraryError``.
  func page(_ query: PageQuery) async throws -> BookPage

  /// Adds a book.
  ///
  /// - Parameter book: What the person gave.
  /// - Returns: The stored book with its new id.
  /// - Throws: ``LibraryError``.
  func add(_ book: NewBook) async throws -> Book

  /// The book with `id`, or `nil`.
  func book(id: Book.ID) async throws -> Book?

  /// The book's progress entries, oldest first.
  func progress(of bookID: Book.ID) async throws -> ReadingProgress

  /// Adds every book of `archive` with its progress, keeping ids, in one transaction.
  ///
  /// - Throws: ``LibraryError/idsAlreadyUsed(_:)`` when an id is taken, and nothing is added.
  func restore(_ archive: LibraryArchive) async throws
}
