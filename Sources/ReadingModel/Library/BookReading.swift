#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reading books: pages of a list, one book and its record, finding one by what a person
/// types, tags and the trash. Each method is one read transaction.
public protocol BookReading: Sendable {
  /// One page of books in the query's order, using keyset paging.
  ///
  /// - Parameter query: The order, filters, page size and where the previous page ended.
  /// - Returns: The books, and a cursor when more follow.
  /// - Throws: ``LibraryError``.
  func page(_ query: PageQuery) async throws -> BookPage

  /// The book with `id`, or `nil`.
  func book(id: Book.ID) async throws -> Book?

  /// Finds a book by id, ISBN (10 or 13, hyphens allowed) or words from its title.
  ///
  /// Title words ignore case and accents; an exact title beats a prefix, a prefix beats a
  /// title that merely contains the words.
  func find(_ reference: String) async throws -> BookLookup

  /// What the book's record holds beyond what lists show.
  func details(of bookID: Book.ID) async throws -> BookDetails

  /// The book's history of edits, oldest first.
  func history(of bookID: Book.ID) async throws -> [BookEvent]

  /// Every tag with how many books have it, by tag.
  func tags() async throws -> [TagCount]

  /// A book already in the library with the same ISBN, or the same title and first author
  /// (as ``MatchKey`` folds them).
  func duplicate(of book: NewBook) async throws -> Book?

  /// Up to `limit` books a shell can offer while `prefix` is typed: ids starting with its
  /// digits, titles starting with its words, or the latest updated when it is empty.
  func books(startingWith prefix: String, limit: Int) async throws -> [Book]

  /// What the trash holds, most recently removed first; what is older than 30 days goes.
  func trash(at time: Date) async throws -> [TrashedBook]
}
