import Foundation

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

  /// Finds a book by id, ISBN (10 or 13, hyphens allowed) or words from its title.
  ///
  /// Title words ignore case and accents; an exact title beats a prefix, a prefix beats a
  /// title that merely contains the words.
  func find(_ reference: String) async throws -> BookLookup

  /// Appends a progress entry in one write transaction, setting the status it implies.
  ///
  /// - Parameters:
  ///   - bookID: The book.
  ///   - makeDraft: Decides the entry from the book and its newest entry as they are inside
  ///     the transaction, so relative values (`+20`) never race another process; whatever
  ///     it throws aborts the write.
  /// - Returns: The entry, the book after it, and what came before.
  /// - Throws: ``LibraryError/bookNotFound(_:)``, errors of `makeDraft`, ``LibraryError``.
  func appendEntry(
    to bookID: Book.ID,
    _ makeDraft: @Sendable (Book, ReadingProgress.Entry?) throws -> EntryDraft
  ) async throws -> RecordedEntry

  /// Sets a book's status, recording when; a no-op when it already has it.
  ///
  /// - Returns: The book after the change.
  func setStatus(_ status: ReadingStatus, of bookID: Book.ID, at time: Date) async throws -> Book

  /// When the book's status was set, oldest first.
  func statusChanges(of bookID: Book.ID) async throws -> [StatusChange]

  /// Finds an entry by its id or a unique prefix of it (at least 4 characters).
  func entry(_ idOrPrefix: String) async throws -> EntryLookup

  /// Replaces an entry's note (`nil` removes it); its id, progress and time stay.
  ///
  /// - Returns: The entry after the change.
  /// - Throws: ``LibraryError/entryNotFound(_:)``.
  func setNote(_ note: String?, ofEntry id: UUID) async throws -> ReadingProgress.Entry

  /// What the book's record holds beyond what lists show.
  func details(of bookID: Book.ID) async throws -> BookDetails

  /// Imports rows in one write transaction: all or nothing.
  ///
  /// A row's book is the one its id in its source names; else, when no book has an id from
  /// that source yet, the one with its ISBN or its title and first author; else a new book
  /// (DESIGN.md section 7). A matched book is merged three ways with what the source said at
  /// its last import. Cancelling the task rolls everything back.
  ///
  /// - Parameters:
  ///   - makeSource: Opens the rows; called before anything is written.
  ///   - options: A dry run (work on a private copy: no file is touched) and who wins a
  ///     conflict.
  ///   - progress: Told how far the import has come, now and then.
  /// - Returns: The counts, each change and conflict, the skipped rows with reasons, and
  ///   remarks.
  /// - Throws: `CancellationError` (nothing changed), errors of the source (nothing
  ///   changed), ``LibraryError``.
  func importBooks(
    from makeSource: @Sendable () throws -> any ImportSource,
    options: ImportOptions,
    progress: (@Sendable (ImportProgress) -> Void)?
  ) async throws -> ImportSummary

  /// The library's own id (a UUID made when it was created), which its archives carry;
  /// `nil` when the library does not exist yet.
  func libraryID() async throws -> String?

  /// Up to `limit` books after the id `lastID`, in id order, with everything an archive
  /// keeps: for exporting a library of any size a page at a time.
  func archivePage(after lastID: Book.ID?, limit: Int) async throws -> [LibraryArchive.Item]
}
