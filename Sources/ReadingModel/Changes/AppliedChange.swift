/// What applying a change (or undoing or redoing one) did: its record, the book before and
/// after, and what the kind of change made. Observers (notices, club sharing) read it after
/// the transaction has committed.
public struct AppliedChange: Sendable, Equatable {
  /// A book as it stood on one side of the change.
  public struct BookState: Sendable, Equatable {
    public var book: Book
    /// The newest position, if any.
    public var position: ReadingProgress.Entry?
    /// The rating, if any.
    public var rating: Double?

    public init(book: Book, position: ReadingProgress.Entry?, rating: Double?) {
      self.book = book
      self.position = position
      self.rating = rating
    }

    /// The newest position's fraction; 0 before the first, 1 for a finished book without
    /// entries.
    public var currentFraction: Double { position?.progress ?? (book.status == .finished ? 1 : 0) }

    /// The page the reader is on, when the page count is known.
    public var currentPage: Int? {
      book.pageCount.map { Int((currentFraction * Double($0)).rounded()) }
    }
  }

  /// What the change made, by kind.
  public enum Outcome: Sendable, Equatable {
    case added(Book)
    case edited(EditResult)
    case statusSet(Book)
    case recorded(RecordedEntry, EntryRequest)
    case noteSet(ReadingProgress.Entry)
    case entryRemoved(RemovedEntry)
    case trashed(TrashedBook)
    case restored(Book)
    case goalSet(ReadingGoal)
    case goalCleared(ReadingGoal?)
    /// An undo or a redo: the change taken back or put back.
    case reverted(ChangeRecord)
    /// A file imported, as one group of changes.
    case imported(ImportSummary)
    /// What a service holds of books once they were sent to it: bases, not books.
    case linked
    /// A book as other devices' changes left it: the book, or `nil` once in the trash, and
    /// how many of their changes were skipped as not making a valid book.
    case synced(Book?, skipped: Int)
    /// The highlights added (those the book had already are not among them), and whether
    /// the reader asked for them to be shared with the clubs.
    case highlightsAdded([Highlight], sharedWithClubs: Bool)
    /// A highlight taken away, as it was.
    case highlightRemoved(Highlight)
    /// A highlight with its new note.
    case highlightNoted(Highlight)
    /// The sessions added, and the position recorded from where the last ended, if one was.
    case sessionsAdded([ReadingSession], position: ReadingProgress.Entry?)
    /// A session taken away, as it was.
    case sessionRemoved(ReadingSession)
  }

  /// The record; `nil` when the change changed nothing and so was not recorded.
  public var record: ChangeRecord?
  public var before: BookState?
  public var after: BookState?
  public var outcome: Outcome
  /// What the observers had to say, in order ("Shared with Bookworms.").
  public var remarks: [String] = []

  public init(
    record: ChangeRecord?, before: BookState?, after: BookState?, outcome: Outcome
  ) {
    self.record = record
    self.before = before
    self.after = after
    self.outcome = outcome
  }

  /// Whether the book's position or status moved, which clubs hear of.
  public var movedPosition: Bool {
    before?.position?.id != after?.position?.id || before?.book.status != after?.book.status
  }
}
