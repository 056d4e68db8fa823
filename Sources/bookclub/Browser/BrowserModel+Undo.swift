import ReadingModel

/// `u` and `U`: undoing the last change this session made, whatever it was (an entry, a
/// status, a rating, tags, a note), and redoing what it undid. Each is one call into the
/// writer, recorded like any change, so the history says so and clubs hear of it.
extension BrowserModel {
  /// Undoes the last change of this session and says what it undid.
  func undoLastChange() {
    guard let change = session.done.last, let bookID = change.bookID else {
      notices.push("Nothing to undo: this session has changed nothing yet.")
      return
    }
    let writer = self.writer
    write(bookID) {
      let applied = try await writer.undo(of: bookID, expecting: change.id)
      return try Self.listed(applied, saying: "Undid \(change.summary).")
    }
  }

  /// Redoes the change this session undid last.
  func redoLastUndone() {
    guard let change = session.undone.last, let bookID = change.bookID else {
      notices.push("Nothing to redo: this session has undone nothing since its last change.")
      return
    }
    let writer = self.writer
    write(bookID) {
      let applied = try await writer.redo(expecting: change.id)
      return try Self.listed(applied, saying: "Redid \(change.summary).")
    }
  }

  /// The row after an undo or a redo, and the notice.
  private static func listed(_ applied: AppliedChange, saying message: String) throws
    -> (Book, Double?, String)
  {
    guard let after = applied.after else { throw LibraryError.nothingToUndo(book: nil) }
    return (after.book, after.position?.progress, telling(message, applied.remarks))
  }
}

/// The changes one browser session made, for `u` and `U`: told by the writer of every
/// change, undo and redo.
@MainActor
final class SessionChanges: ChangeObserver {
  /// Changes made (or redone), newest last, not undone.
  private(set) var done: [ChangeRecord] = []
  /// Changes undone, newest last: what `U` redoes, until a new change.
  private(set) var undone: [ChangeRecord] = []

  func changeApplied(_ change: AppliedChange) async -> [String] {
    guard let record = change.record else { return [] }
    switch record.action {
    case .change:
      done.append(record)
      undone.removeAll()
    case .undo:
      if let index = done.lastIndex(where: { $0.id == record.target }) {
        undone.append(done.remove(at: index))
      }
    case .redo:
      if let index = undone.lastIndex(where: { $0.id == record.target }) {
        done.append(undone.remove(at: index))
      }
    }
    return []
  }
}
