/// The writes of books, progress and goals, each recorded in the library's changes so that
/// ``undo(of:expecting:)`` and ``redo(expecting:)`` can take it back and put it back: what a
/// ``LibraryWriter`` needs. Every method is one transaction: it either happens whole or not
/// at all.
public protocol ChangeApplying: Sendable {
  /// Applies a change in one transaction and records it.
  ///
  /// - Parameter change: What to write.
  /// - Returns: What the change did, with its record.
  /// - Throws: ``LibraryError``, ``ProgressInputError``, ``ReadingState/RereadUndecided``;
  ///   nothing is written.
  func apply(_ change: LibraryChange) async throws -> AppliedChange

  /// Applies changes in order in one write transaction, each in a savepoint of its own and
  /// recorded as ``apply(_:)`` records it: a change that throws is rolled back alone, and
  /// one commit carries them all (what a sync of many books needs).
  ///
  /// - Parameter changes: What to write, in order.
  /// - Returns: What each change did, or why it was not written, in the order given.
  /// - Throws: ``LibraryError`` when the transaction cannot be made or committed (the disk
  ///   is full, say); then nothing is written.
  func applyEach(_ changes: [LibraryChange]) async throws -> [Result<AppliedChange, any Error>]

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

  /// Records what a service holds of books once bookclub sent them their changes: each
  /// book's id there and the base of the next merge with it. One transaction, recorded as
  /// one group of changes (`push`); the books themselves are not changed.
  ///
  /// - Parameters:
  ///   - links: Each book with its id in the source and the source's base.
  ///   - source: The source (`hardcover-account`).
  ///   - summary: What the group's record says (`pushed 3 books to Hardcover`).
  /// - Returns: The group's record (`nil` when no base changed), and the links left out:
  ///   their book is no longer in the library, or another book holds their id.
  /// - Throws: ``LibraryError``; then nothing is written.
  func recordSourceBases(_ links: [SourceLink], source: String, summary: String) async throws
    -> (record: ChangeRecord?, skipped: [SourceLink])
}

/// A book's id in a source, with what the source holds of it.
public struct SourceLink: Sendable, Equatable {
  public var book: Book.ID
  public var id: String
  public var base: SourceBase

  public init(book: Book.ID, id: String, base: SourceBase) {
    self.book = book
    self.id = id
    self.base = base
  }
}
