#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `bookclub sync` writes of one book, in one change (``LibraryChange/syncBook(_:)``):
/// the changes other devices made to it, merged in the same transaction with any change
/// made here since this device's journal last recorded one (so a command running beside a
/// sync never loses its write), or a move to another local id (two devices gave two books
/// one id).
public struct SyncedBook: Sendable, Equatable {
  /// The book's sync id.
  public var book: String
  /// Other devices' changes, with their stamps.
  public var changes: [StampedChange]
  /// The local id the book moves to.
  public var moveTo: Book.ID?
  /// Other sync ids that are this book (two devices added it): their states merge into
  /// this one's, their rows go, and their ids name this book from now on.
  public var absorbing: [String] = []
  /// The book as a sync folder's snapshot holds it (a new device's first sync).
  public var snapshot: SyncSnapshot.Book?

  public struct StampedChange: Sendable, Equatable {
    public var change: SyncBookChange
    public var stamp: SyncStamp

    public init(change: SyncBookChange, stamp: SyncStamp) {
      self.change = change
      self.stamp = stamp
    }
  }

  public init(
    book: String, changes: [StampedChange], moveTo: Book.ID? = nil, absorbing: [String] = [],
    snapshot: SyncSnapshot.Book? = nil
  ) {
    self.snapshot = snapshot
    self.book = book
    self.changes = changes
    self.moveTo = moveTo
    self.absorbing = absorbing
  }
}
