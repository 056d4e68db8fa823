#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    to bookID: Book.ID, reread: ReadingState.Reread?,
    _ makeDraft: @Sendable (Book, ReadingProgress.Entry?) throws -> EntryDraft
  ) async throws -> RecordedEntry

  /// Sets a book's status, recording when, and moves its readings (``ReadingState``):
  /// finished records 100%, abandoned ends the reading, reading a finished book again is a
  /// re-read or a reopened reading as `reread` says.
  ///
  /// - Returns: The book after the change.
  /// - Throws: ``ReadingState/RereadUndecided`` when `reread` is needed and missing.
  func setStatus(
    _ status: ReadingStatus, of bookID: Book.ID, at time: Date, reread: ReadingState.Reread?
  ) async throws -> Book

  /// Changes a book's fields in one transaction and records the change in its history.
  ///
  /// - Parameters:
  ///   - kind: What the history calls the change.
  ///   - change: The new fields, from the book's fields as they are inside the transaction;
  ///     whatever it throws aborts the edit.
  /// - Returns: The book after, and each field that changed (none: nothing was written).
  func edit(
    _ bookID: Book.ID, as kind: BookEvent.Kind,
    _ change: @Sendable (BookFields) throws -> BookFields
  ) async throws -> EditResult

  /// The book's history of edits, oldest first.
  func history(of bookID: Book.ID) async throws -> [BookEvent]

  /// Every tag with how many books have it, by tag.
  func tags() async throws -> [TagCount]

  /// A book already in the library with the same ISBN, or the same title and first author
  /// (as ``MatchKey`` folds them).
  func duplicate(of book: NewBook) async throws -> Book?

  /// Moves a book, with its entries, notes and details, to the trash.
  func remove(_ bookID: Book.ID, at time: Date) async throws -> TrashedBook

  /// What the trash holds, most recently removed first; what is older than 30 days goes.
  func trash(at time: Date) async throws -> [TrashedBook]

  /// Puts a book from the trash back, under its own id.
  func restoreFromTrash(_ trashID: Int64, at time: Date) async throws -> Book

  /// Takes an entry out of its book's history. When it was the newest position, the
  /// book's status and readings go back to what they were before it.
  func removeEntry(_ id: UUID) async throws -> RemovedEntry

  /// The books being read, the latest notes and the counts per status.
  func overview(notes: Int) async throws -> LibraryOverview

  /// When the book's status was set, oldest first.
  func statusChanges(of bookID: Book.ID) async throws -> [StatusChange]

  /// Finds an entry by its id or a unique prefix of it (at least 4 characters).
  func entry(_ idOrPrefix: String) async throws -> EntryLookup

  /// Replaces an entry's note (`nil` removes it); its id, progress and time stay.
  ///
  /// - Returns: The entry after the change.
  /// - Throws: ``LibraryError/entryNotFound(_:)``.
  func setNote(_ note: String?, ofEntry id: UUID) async throws -> ReadingProgress.Entry

  /// The entry or note recorded last for the book (by when it was written, not the time it
  /// is for), or `nil` when it has none.
  func lastRecordedEntry(of bookID: Book.ID) async throws -> ReadingProgress.Entry?

  /// Up to `limit` books a shell can offer while `prefix` is typed: ids starting with its
  /// digits, titles starting with its words, or the latest updated when it is empty.
  func books(startingWith prefix: String, limit: Int) async throws -> [Book]

  /// Up to `limit` entries whose id starts with `prefix` (any case), newest first.
  func entries(startingWith prefix: String, limit: Int) async throws -> [LocatedEntry]

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
