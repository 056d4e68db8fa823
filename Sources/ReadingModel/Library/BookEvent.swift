#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something that happened to a book besides reading it: an edit, a rating, tags, an undone
/// entry, a restore from the trash, a change an import made. Books keep these as their
/// history, which the bookclub archive carries as `history`: `{"detail", "kind", "time"}`.
/// Two events with the same time, kind and detail are the same event.
public struct BookEvent: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, CaseIterable, Codable {
    case edit, rate, tags, undo, redo, restore, `import`
  }

  public var time: Date
  public var kind: Kind
  /// What changed, in words: `title: Emma → Emma (Penguin)`.
  public var detail: String

  public init(time: Date, kind: Kind, detail: String) {
    self.time = time
    self.kind = kind
    self.detail = detail
  }
}

/// What an edit did.
public struct EditResult: Sendable, Equatable {
  /// The book after the edit.
  public var book: Book
  /// Each field that changed; empty when the edit changed nothing.
  public var changes: [FieldChange]
}

/// A book in the trash: removed, kept for ``TrashedBook/keptFor`` after, then gone.
public struct TrashedBook: Sendable, Equatable {
  /// How long the trash keeps a book.
  public static let keptFor: TimeInterval = 30 * 86_400

  /// The trash's own number for it.
  public var trashID: Int64
  /// The id the book had, and gets back when restored.
  public var bookID: Book.ID
  public var title: String
  public var removed: Date
  /// How many progress entries and notes went with it.
  public var entries: Int

  /// When the trash lets it go.
  public var expires: Date { removed.addingTimeInterval(Self.keptFor) }
}

/// A tag and how many books have it.
public struct TagCount: Sendable, Equatable {
  public var tag: String
  public var books: Int
}

/// An entry taken out of a book's history.
public struct RemovedEntry: Sendable, Equatable {
  public var bookID: Book.ID
  public var entry: ReadingProgress.Entry
  /// The book after: its status and readings as they were before the entry, when the entry
  /// was the newest.
  public var book: Book
}

/// Where the reader stands across the library, for `bookclub status`.
public struct LibraryOverview: Sendable, Equatable {
  /// A book being read, with its progress.
  public struct Reading: Sendable, Equatable {
    public var book: Book
    public var progress: ReadingProgress
  }

  public var reading: [Reading]
  /// The latest notes across the library, newest first, with their books.
  public var notes: [(book: Book, entry: ReadingProgress.Entry)]
  /// How many books have each status.
  public var counts: [ReadingStatus: Int]

  public static func == (lhs: LibraryOverview, rhs: LibraryOverview) -> Bool {
    lhs.reading == rhs.reading && lhs.counts == rhs.counts
      && lhs.notes.map(\.entry) == rhs.notes.map(\.entry)
  }
}
