/// Reading progress: a book's entries and status changes, entries by id, and the overview of
/// what is being read. Each method is one read transaction.
public protocol ProgressReading: Sendable {
  /// The book's progress entries, oldest first.
  func progress(of bookID: Book.ID) async throws -> ReadingProgress

  /// When the book's status was set, oldest first.
  func statusChanges(of bookID: Book.ID) async throws -> [StatusChange]

  /// Finds an entry by its id or a unique prefix of it (at least 4 characters).
  func entry(_ idOrPrefix: String) async throws -> EntryLookup

  /// The entry or note recorded last for the book (by when it was written, not the time it
  /// is for), or `nil` when it has none.
  func lastRecordedEntry(of bookID: Book.ID) async throws -> ReadingProgress.Entry?

  /// Up to `limit` entries whose id starts with `prefix` (any case), newest first.
  func entries(startingWith prefix: String, limit: Int) async throws -> [LocatedEntry]

  /// The books being read, the latest notes and the counts per status.
  func overview(notes: Int) async throws -> LibraryOverview
}
