#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A progress entry or a note to append, as the reader gave it. The entry itself is decided
/// inside the write transaction from the book and its newest entry as they are then
/// (``draft(for:latest:)``), so `+20` never races another process.
public struct EntryRequest: Sendable, Equatable {
  /// Where the reader is; `nil` keeps the current position (a note).
  public var input: ProgressInput?
  /// Blank notes are dropped.
  public var note: String?
  /// When; `nil` is `now`, never before the newest entry.
  public var time: Date?
  /// The time the request was made, for an entry without ``time``.
  public var now: Date
  /// For progress on a finished or abandoned book: a new reading, or the last one reopened.
  public var reread: ReadingState.Reread?
  /// A position, or a note kept at one.
  public var kind: ReadingProgress.Entry.Kind
  /// A note the reader asked to share with every club, not only clubs that share notes.
  public var sharedWithEveryClub: Bool

  public init(
    input: ProgressInput?, note: String? = nil, time: Date? = nil, now: Date = Date(),
    reread: ReadingState.Reread? = nil, kind: ReadingProgress.Entry.Kind = .progress,
    sharedWithEveryClub: Bool = false
  ) {
    self.input = input
    self.note = note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
    self.time = time
    self.now = now
    self.reread = reread
    self.kind = kind
    self.sharedWithEveryClub = sharedWithEveryClub
  }

  /// The entry for `book` whose newest position is `latest`.
  ///
  /// - Throws: ``ProgressInputError`` when the input does not fit the book.
  public func draft(for book: Book, latest: ReadingProgress.Entry?) throws -> EntryDraft {
    let current = latest?.progress ?? (book.status == .finished ? 1 : 0)
    let fraction = try input?.fraction(for: book, current: current) ?? current
    // Entries from processes racing on one book are in time order as they are in write
    // order: "now" is never before the newest entry.
    let when = time ?? max(now, latest?.time ?? .distantPast)
    return EntryDraft(progress: fraction, time: when, note: note, kind: kind)
  }
}
