#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why the library could not be read or written.
public enum LibraryError: Error, Equatable, Sendable {
  /// The file exists but is not a bookclub library (another program's file or database).
  case notALibrary(path: String)
  /// The file looks like a bookclub library but its contents are damaged.
  case damaged(path: String, detail: String)
  /// The library was written by a newer bookclub with a schema this one does not know.
  case newerSchema(path: String, found: Int, supported: Int)
  /// The library records migrations, by these names, that this bookclub does not know: a
  /// newer bookclub migrated it.
  case unknownMigrations(path: String, names: [String])
  /// The library or its folder cannot be opened or created.
  case cannotOpen(path: String, detail: String)
  /// Another process held the library longer than the busy timeout.
  case busy(path: String)
  /// Another bookclub was repairing the library for longer than the busy timeout.
  case beingRepaired(path: String)
  /// A cursor made for another order was passed with this one.
  case cursorSortMismatch(cursor: BookSort, query: BookSort)
  /// Books being restored use ids the library already has.
  case idsAlreadyUsed([Book.ID])
  /// What every device's changes made of a book is not a valid book (a damaged journal).
  case invalidSyncedBook(String, reason: String)
  /// No book has this id (it was removed meanwhile).
  case bookNotFound(Book.ID)
  /// No entry has this id.
  case entryNotFound(UUID)
  /// The trash holds nothing under this number (or it was kept past 30 days).
  case notInTrash(Int64)
  /// The path is a folder, a FIFO, a device, a broken or looping link, or cannot be looked at.
  case unusablePath(path: String, reason: String)
  /// The file exists and is empty: not a library (perhaps one that was truncated).
  case emptyFile(path: String)
  /// The library was found damaged before; nothing is written to it until it is repaired.
  case markedDamaged(path: String)
  /// The library, or its folder, cannot be written.
  case readOnly(path: String)
  /// The disk is full.
  case diskFull(path: String)
  /// Any other SQLite failure.
  case storage(path: String, detail: String)
  /// No change is left to undo (of the book named, when one is).
  case nothingToUndo(book: String?)
  /// No undone change is left to redo.
  case nothingToRedo
  /// The state a change left was changed since by something that is not undone here (an
  /// import, another program): undoing it would lose that.
  case changedSince(String)
  /// A change (the first) cannot be undone: a later change (the second), not undone,
  /// touched what it would take back.
  case changedSinceBy(String, later: String)
  /// A group of changes (the first, an import) cannot be undone or redone: one of its books
  /// or goals (the second) changed since in a way no record holds.
  case changedSinceIn(String, what: String)
  /// The last change of the book named was a group of changes to other books too (an
  /// import), which is undone whole or not at all.
  case changedInGroup(book: String, group: String)
}

extension LibraryError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notALibrary(let path):
      "'\(path)' is not a bookclub library. Pass --library with another path, or move the file away; bookclub left it untouched."
    case .damaged(let path, let detail):
      "The library '\(path)' is damaged (\(detail)). bookclub will not write to it until it is "
        + "repaired: run 'bookclub check' to see what is wrong, then 'bookclub repair'."
    case .newerSchema(let path, let found, let supported):
      "The library '\(path)' was written by a newer bookclub (schema \(found); this one knows up to \(supported)). Update bookclub to use it."
    case .unknownMigrations(let path, let names):
      "The library '\(path)' was written by a newer bookclub (it records changes to its tables that this one does not know: \(Self.shortList(names))). Update bookclub to use it; this one left it untouched."
    case .cannotOpen(let path, let detail):
      "Cannot open the library '\(path)': \(detail)."
    case .busy(let path):
      "The library '\(path)' is busy: another bookclub kept it locked. Try again in a moment."
    case .beingRepaired(let path):
      "The library '\(path)' is being repaired by another bookclub; nothing was changed. Try "
        + "again once the repair has finished."
    case .cursorSortMismatch(let cursor, let query):
      "That cursor continues a list sorted by \(cursor.rawValue), not by \(query.rawValue). Pass --sort \(cursor.rawValue), or start again without --after."
    case .invalidSyncedBook(let book, let reason):
      "The changes synced for book \(book) do not make a valid book (\(reason)); it was left as it was."
    case .idsAlreadyUsed(let ids):
      "The library already has books with ids \(ids.prefix(5).map(String.init).joined(separator: ", ")); restore into an empty library."
    case .bookNotFound(let id):
      "There is no book \(id). 'bookclub list' shows the books and their ids."
    case .entryNotFound(let id):
      "There is no entry \(id.uuidString.lowercased()). 'bookclub note list <book>' shows entry ids."
    case .unusablePath(let path, let reason):
      "Cannot use '\(path)' as a library: \(reason). Pass --library with the path of a library "
        + "file, or of one to create."
    case .emptyFile(let path):
      "'\(path)' is an empty file, not a bookclub library; bookclub left it untouched. Remove it "
        + "to start a new library there, or pass --library with another path."
    case .markedDamaged(let path):
      "The library '\(path)' was found damaged, so bookclub will not write to it. Run "
        + "'bookclub check' to see what is wrong, then 'bookclub repair' to recover it."
    case .readOnly(let path):
      "The library is read-only: '\(path)'; the file or its folder cannot be written, so "
        + "nothing was changed. Commands that only read it work; to change it, check their "
        + "permissions, or pass --library with a path you can write."
    case .diskFull(let path):
      "Cannot write the library '\(path)': the disk is full. Nothing was changed; free some "
        + "space and try again."
    case .notInTrash(let id):
      "The trash holds nothing numbered \(id). 'bookclub trash' lists what it holds; books stay 30 days."
    case .storage(let path, let detail):
      "Could not use the library '\(path)': \(detail)."
    case .nothingToUndo(let book?):
      "Nothing to undo for “\(book)”: none of its changes is left to take back."
    case .nothingToUndo(nil):
      "Nothing to undo: no change of this library is left to take back."
    case .nothingToRedo:
      "Nothing to redo: 'bookclub redo' puts back what 'bookclub undo' took back, until a new change is made."
    case .changedSince(let summary):
      "Cannot undo \(summary): the book changed since in a way bookclub cannot undo (a repair, "
        + "another program). Nothing was changed; use 'bookclub show' to see its history and edit it by hand."
    case .changedSinceBy(let summary, let later):
      "Cannot undo \(summary): \(later) changed a book of it since. Nothing was changed; undo "
        + "that first, or edit the book by hand."
    case .changedSinceIn(let summary, let what):
      "Cannot undo \(summary): \(what) changed since in a way bookclub cannot undo (a repair, "
        + "another program). Nothing was changed; use 'bookclub show' to see its history."
    case .changedInGroup(let book, let group):
      "The last change to “\(book)” was \(group), which changed other books too, and is undone "
        + "whole: 'bookclub undo' takes it back once every change made after it is undone. "
        + "Nothing was changed."
    }
  }
}

extension LibraryError {
  /// At most three names of a list read from a file (a stranger's, perhaps), each cut short.
  fileprivate static func shortList(_ names: [String]) -> String {
    let shown = names.prefix(3).map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 }
    let more = names.count > shown.count ? " and \(names.count - shown.count) more" : ""
    return shown.joined(separator: ", ") + more
  }
}
