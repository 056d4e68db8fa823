#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A change as the library recorded it (`library_changes`): what `bookclub undo` takes
/// back and `bookclub redo` puts back. Undoing and redoing are recorded too, so the record
/// never lies about what happened.
public struct ChangeRecord: Sendable, Equatable, Identifiable {
  /// What kind of change it was.
  public enum Kind: String, Sendable, CaseIterable {
    case add, edit, rate, tags, status, progress, note
    case removeEntry = "remove-entry"
    case remove, restore, goal
    /// A book as another device's changes left it (`bookclub sync`).
    case sync
    /// Highlights or quotes added, taken away or noted.
    case highlight
    /// Reading sessions logged or taken away.
    case session
    /// A group of changes: an import, or a restore of an archive.
    case `import`
    /// A group: what a service holds of each book once bookclub sent it
    /// (`hardcover push`), the base of the next merge with it.
    case push

    /// Whether changes of this kind are groups, undone and redone whole.
    public var isGroup: Bool { self == .import || self == .push }
  }

  /// Whether the record is a change, or the undoing or redoing of one.
  public enum Action: String, Sendable {
    case change, undo, redo
  }

  /// The record's number: later records have larger ones.
  public var id: Int64
  public var time: Date
  public var kind: Kind
  public var action: Action
  /// The book changed, if a book was.
  public var bookID: Book.ID?
  /// What happened, in words: `status of “Emma”: reading → finished`.
  public var summary: String
  /// For an undo or a redo, the change it undid or redid.
  public var target: Int64?
  /// For a change, whether it is undone now.
  public var isUndone: Bool

  public init(
    id: Int64, time: Date, kind: Kind, action: Action, bookID: Book.ID?, summary: String,
    target: Int64? = nil, isUndone: Bool = false
  ) {
    self.id = id
    self.time = time
    self.kind = kind
    self.action = action
    self.bookID = bookID
    self.summary = summary
    self.target = target
    self.isUndone = isUndone
  }
}
