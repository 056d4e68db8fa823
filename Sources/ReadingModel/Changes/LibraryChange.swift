#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One kind of write to the library, as a value: what the reader asked for, not how it is
/// stored. ``SQLiteLibrary/apply(_:)`` applies a change in one transaction and records it
/// with the state before and after, so it can be undone, redone and observed; nothing else
/// writes books, progress or goals.
///
/// Values relative to the library (`+20` pages, "add the tag") are resolved inside the
/// transaction, against the book as it is then, so two processes never race on them.
public enum LibraryChange: Sendable, Equatable {
  /// A new book.
  case addBook(NewBook)
  /// Fields, a rating or tags of a book.
  case edit(Book.ID, BookEdit)
  /// A book's status, as of `time`; finished records 100%.
  case setStatus(Book.ID, ReadingStatus, at: Date, reread: ReadingState.Reread?)
  /// A progress entry or a note appended to a book's history.
  case record(Book.ID, EntryRequest)
  /// An entry's note replaced; `nil` removes it and keeps the entry.
  case setNote(entry: UUID, to: String?)
  /// An entry taken out of its book's history.
  case removeEntry(UUID)
  /// A book moved to the trash, as of `at`.
  case removeBook(Book.ID, at: Date)
  /// A book from the trash put back.
  case restoreFromTrash(trashID: Int64, at: Date)
  /// A yearly goal set.
  case setGoal(ReadingGoal)
  /// A yearly goal removed.
  case clearGoal(year: Int)
  /// A book as every device's changes left it (``SyncedBook``): what `bookclub sync` writes.
  case syncBook(SyncedBook)
  /// Highlights or quotes of a book; those it has already (by id) are left as they are.
  /// With `sharedWithClubs`, those added are shared with every club reading the book,
  /// behind the spoiler shield by their place (`quote add --share`).
  case addHighlights(Book.ID, [Highlight], sharedWithClubs: Bool = false)
  /// A highlight or a quote taken away.
  case removeHighlight(UUID)
  /// A highlight's note replaced; `nil` removes it.
  case setHighlightNote(UUID, String?)
  /// Reading sessions of a book; those it has already (by id) are left as they are. A
  /// session that ends further on than the book's newest position, and after it, records
  /// where it ended as a progress entry.
  case addSessions(Book.ID, [ReadingSession])
  /// A session taken away.
  case removeSession(UUID)

  /// What the change's record calls its kind: `status`, `progress`, `note`…
  public var kind: ChangeRecord.Kind {
    switch self {
    case .addBook: .add
    case .edit(_, let edit): edit.kind.changeKind
    case .setStatus: .status
    case .record(_, let request): request.kind == .note ? .note : .progress
    case .setNote: .note
    case .removeEntry: .removeEntry
    case .removeBook: .remove
    case .restoreFromTrash: .restore
    case .setGoal, .clearGoal: .goal
    case .syncBook: .sync
    case .addHighlights, .removeHighlight, .setHighlightNote: .highlight
    case .addSessions, .removeSession: .session
    }
  }
}

extension BookEvent.Kind {
  /// The change kind of an edit recorded in a book's history as this kind.
  var changeKind: ChangeRecord.Kind {
    switch self {
    case .rate: .rate
    case .tags: .tags
    case .edit, .undo, .redo, .restore, .import: .edit
    }
  }
}
