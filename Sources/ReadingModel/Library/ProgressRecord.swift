#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The entry to append, decided inside the write transaction from the book's latest state.
public struct EntryDraft: Sendable, Equatable {
  public var progress: Double
  public var time: Date
  public var note: String?
  /// A position, or a note kept at `progress`.
  public var kind: ReadingProgress.Entry.Kind

  public init(
    progress: Double, time: Date, note: String? = nil, kind: ReadingProgress.Entry.Kind = .progress
  ) {
    self.progress = progress
    self.time = time
    self.note = note
    self.kind = kind
  }
}

/// What appending an entry did.
public struct RecordedEntry: Sendable, Equatable {
  /// The book after the entry, with its status and update time.
  public var book: Book
  public var entry: ReadingProgress.Entry
  /// The position just before this entry in time (before it was recorded).
  public var previous: ReadingProgress.Entry?
  /// The status before this entry.
  public var previousStatus: ReadingStatus
  /// The book's readings after the entry.
  public var readings: [ReadingPeriod] = []
}

/// When a book's status was set.
public struct StatusChange: Sendable, Equatable, Codable {
  public var status: ReadingStatus
  public var time: Date

  public init(status: ReadingStatus, time: Date) {
    self.status = status
    self.time = time
  }
}

/// An entry found by id, with its book.
public struct LocatedEntry: Sendable, Equatable {
  public var bookID: Book.ID
  public var entry: ReadingProgress.Entry

  public init(bookID: Book.ID, entry: ReadingProgress.Entry) {
    self.bookID = bookID
    self.entry = entry
  }
}

/// What an entry-id prefix found.
public enum EntryLookup: Sendable, Equatable {
  case found(LocatedEntry)
  case ambiguous(count: Int)
  case notFound
}
