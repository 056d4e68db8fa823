#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where books and their progress live. Every method is one transaction: it either happens
/// whole or not at all. Books, progress and goals are written only by ``apply(_:)``, which
/// records each change so that ``undo(of:)`` and ``redo()`` can take it back and put it back.
public protocol Library: Sendable {
  /// Applies a change in one transaction and records it.
  ///
  /// - Parameter change: What to write.
  /// - Returns: What the change did, with its record.
  /// - Throws: ``LibraryError``, ``ProgressInputError``, ``ReadingState/RereadUndecided``;
  ///   nothing is written.
  func apply(_ change: LibraryChange) async throws -> AppliedChange

  /// Undoes the change applied last, of the library or of the book `bookID`; when
  /// `expected` is given, only if that is the change.
  ///
  /// - Throws: ``LibraryError/nothingToUndo(book:)``, ``LibraryError/changedSince(_:)``.
  func undo(of bookID: Book.ID?, expecting expected: Int64?) async throws -> AppliedChange

  /// Redoes the change undone last, while no new change was made since; when `expected` is
  /// given, only if that is the change.
  ///
  /// - Throws: ``LibraryError/nothingToRedo``, ``LibraryError/changedSince(_:)``.
  func redo(expecting expected: Int64?) async throws -> AppliedChange

  /// One page of books in the query's order, using keyset paging.
  ///
  /// - Parameter query: The order, filters, page size and where the previous page ended.
  /// - Returns: The books, and a cursor when more follow.
  /// - Throws: ``LibraryError``.
  func page(_ query: PageQuery) async throws -> BookPage

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

  /// The book's history of edits, oldest first.
  func history(of bookID: Book.ID) async throws -> [BookEvent]

  /// Every tag with how many books have it, by tag.
  func tags() async throws -> [TagCount]

  /// A book already in the library with the same ISBN, or the same title and first author
  /// (as ``MatchKey`` folds them).
  func duplicate(of book: NewBook) async throws -> Book?

  /// What the trash holds, most recently removed first; what is older than 30 days goes.
  func trash(at time: Date) async throws -> [TrashedBook]

  /// The books being read, the latest notes and the counts per status.
  func overview(notes: Int) async throws -> LibraryOverview

  /// When the book's status was set, oldest first.
  func statusChanges(of bookID: Book.ID) async throws -> [StatusChange]

  /// Finds an entry by its id or a unique prefix of it (at least 4 characters).
  func entry(_ idOrPrefix: String) async throws -> EntryLookup

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
