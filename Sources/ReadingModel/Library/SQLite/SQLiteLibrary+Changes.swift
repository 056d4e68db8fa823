#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The one writer of books, progress and goals: a change value in, applied in one
// transaction with the state before and after it recorded (`library_changes`).
extension SQLiteLibrary {
  /// Applies `change` in one write transaction and records it, with what undoing it needs.
  /// A change that changes nothing is not recorded.
  ///
  /// - Parameter change: What to write.
  /// - Returns: The record, the book before and after, and what the change made.
  /// - Throws: ``LibraryError`` (nothing is written), ``ProgressInputError`` for a position
  ///   that does not fit the book, ``ReadingState/RereadUndecided`` when a finished book's
  ///   progress needs `reread`.
  @discardableResult
  public func apply(_ change: LibraryChange) throws -> AppliedChange {
    try writing { try applied(change, on: $0) }
  }

  /// Applies `changes` in one write transaction, each in a savepoint of its own: one that
  /// throws is rolled back alone (``ChangeApplying/applyEach(_:)``).
  ///
  /// One savepoint around them all, released only when none threw, measured twice as slow
  /// for a sync's 1,000 books: SQLite then keeps every page they touch in its sub-journal.
  ///
  /// - Throws: ``LibraryError`` when the transaction cannot be made or committed, or SQLite
  ///   rolled it back whole (a full disk can): then nothing is written.
  public func applyEach(_ changes: [LibraryChange]) throws -> [Result<AppliedChange, any Error>] {
    try writing { connection in
      try connection.withLargeCache {
        let applyAll = {
          try changes.map { change -> Result<AppliedChange, any Error> in
            do {
              return .success(
                try connection.writeTransaction { try self.applied(change, on: connection) })
            } catch {
              // A change refused is rolled back alone; a transaction SQLite ended is the end.
              guard connection.isInTransaction else { throw error }
              return .failure(error)
            }
          }
        }
        // Many changes (a sync's books): the books they add are indexed once, at the end.
        guard changes.count > 1 else { return try applyAll() }
        return try Self.indexingAddedBooksAtEnd(on: connection) { _ in
          try DeferredIndexes.around(changes: changes.count, on: connection, applyAll)
        }
      }
    }
  }

  /// Applies `change` and records it, inside the write transaction of `connection`.
  private func applied(_ change: LibraryChange, on connection: SQLiteConnection) throws
    -> AppliedChange
  {
    let known = try subject(of: change, on: connection)
    // A book's history is kept only where its row goes (a removal) or comes (an add, a
    // restore): it is never rolled back otherwise. Where it goes, it is read first.
    var history: RowSnapshot.Rows?
    if case .removeBook = change, let known {
      history = try self.history(of: known, on: connection)
    }
    let stateBefore = try known.flatMap { try bookState($0, on: connection) }
    // What the change writes is heard as it is written, in the tables of its subject (or
    // of a book, for one added).
    let (outcome, writes) = try RowCapture.listening(
      to: (known ?? .book(0)).tables, on: connection
    ) { try perform(change, on: connection) }
    guard let subject = known ?? outcome.addedSubject else {
      return AppliedChange(record: nil, before: nil, after: nil, outcome: outcome)
    }
    let stateAfter = try bookState(subject, on: connection)
    var applied = AppliedChange(
      record: nil, before: stateBefore, after: stateAfter, outcome: outcome)
    let changed = try changedRows(writes, of: subject, history: history, on: connection)
    guard !changed.before.tables.isEmpty || !changed.after.tables.isEmpty else {
      return applied
    }
    applied.record = try record(
      ChangeDraft(
        kind: change.kind, action: .change, subject: subject,
        summary: ChangeSummary.describe(outcome, before: stateBefore, after: stateAfter)),
      before: changed.before, after: changed.after, on: connection)
    if case .syncBook = change, let seq = applied.record?.id {
      try SyncTables(connection: connection).recorded(syncWrite: seq)
    }
    return applied
  }

  /// Who a change is about, found before it is applied (`nil` for a book not added yet).
  private func subject(of change: LibraryChange, on connection: SQLiteConnection) throws
    -> ChangeSubject?
  {
    switch change {
    case .addBook: return nil
    case .edit(let id, _), .setStatus(let id, _, _, _), .record(let id, _), .removeBook(let id, _):
      return .book(id)
    case .setNote(let entry, _), .removeEntry(let entry):
      guard
        let id = try connection.integer(
          "SELECT book_id FROM progress_entries WHERE id = ?", [.text(entry.uuidString)])
      else { throw LibraryError.entryNotFound(entry) }
      return .book(id)
    case .restoreFromTrash(let trashID, _):
      guard
        let id = try connection.integer(
          "SELECT book_id FROM trash WHERE id = ?", [.integer(trashID)])
      else { throw LibraryError.notInTrash(trashID) }
      return .book(id)
    case .setGoal(let goal): return .goal(year: goal.year)
    case .clearGoal(let year): return .goal(year: year)
    case .syncBook(let synced):
      return .book(try SyncTables(connection: connection).placement(of: synced))
    case .addHighlights(let id, _, _), .addSessions(let id, _): return .book(id)
    case .removeSession(let id):
      guard
        let book = try connection.integer(
          "SELECT book_id FROM reading_sessions WHERE id = ?", [.text(id.uuidString)])
      else { throw ReadingSessionError.notFound(id.uuidString) }
      return .book(book)
    case .removeHighlight(let id), .setHighlightNote(let id, _):
      guard
        let book = try connection.integer(
          "SELECT book_id FROM highlights WHERE id = ?", [.text(id.uuidString)])
      else { throw HighlightError.notFound(id.uuidString) }
      return .book(book)
    }
  }

  /// Writes the change: one exhaustive switch over every kind of write.
  private func perform(_ change: LibraryChange, on connection: SQLiteConnection) throws
    -> AppliedChange.Outcome
  {
    switch change {
    case .addBook(let book):
      return .added(try BookTables(connection: connection).add(book))
    case .edit(let id, let edit):
      return .edited(try BookTables(connection: connection).edit(id, edit))
    case .setStatus(let id, let status, let time, let reread):
      return .statusSet(
        try ReadingStateTables(connection: connection).setStatus(
          status, of: id, at: time, reread: reread))
    case .record(let id, let request):
      let recorded = try ProgressTables(connection: connection).appendEntry(
        to: id, reread: request.reread
      ) {
        try request.draft(for: $0, latest: $1)
      }
      return .recorded(recorded, request)
    case .setNote(let entry, let note):
      return .noteSet(try ProgressTables(connection: connection).setNote(note, ofEntry: entry))
    case .removeEntry(let entry):
      return .entryRemoved(try ProgressTables(connection: connection).removeEntry(entry))
    case .removeBook(let id, let time):
      return .trashed(try TrashTables(connection: connection).remove(id, at: time))
    case .restoreFromTrash(let trashID, let time):
      return .restored(try TrashTables(connection: connection).restore(trashID, at: time))
    case .setGoal(let goal):
      try Self.setGoal(goal, on: connection)
      return .goalSet(goal)
    case .clearGoal(let year):
      return .goalCleared(try Self.clearGoal(year: year, on: connection))
    case .syncBook(let synced):
      let tables = SyncTables(connection: connection)
      let (book, skipped) = try tables.write(synced, at: try tables.placement(of: synced))
      return .synced(book, skipped: skipped)
    case .addHighlights(let id, let highlights, let shared):
      guard try BookTables(connection: connection).book(id) != nil else {
        throw LibraryError.bookNotFound(id)
      }
      return .highlightsAdded(
        try HighlightTables(connection: connection).add(highlights, to: id),
        sharedWithClubs: shared)
    case .removeHighlight(let id):
      return .highlightRemoved(try HighlightTables(connection: connection).remove(id))
    case .setHighlightNote(let id, let note):
      return .highlightNoted(try HighlightTables(connection: connection).setNote(note, of: id))
    case .addSessions(let id, let sessions):
      guard let book = try BookTables(connection: connection).book(id) else {
        throw LibraryError.bookNotFound(id)
      }
      let added = try SessionTables(connection: connection).merge(sessions, into: id).added
      let position = try ProgressTables(connection: connection).recordEnd(of: added, of: book)
      return .sessionsAdded(added, position: position)
    case .removeSession(let id):
      return .sessionRemoved(try SessionTables(connection: connection).remove(id))
    }
  }

  /// A book's state for observers: the book, its newest position and its rating.
  func bookState(_ subject: ChangeSubject, on connection: SQLiteConnection) throws
    -> AppliedChange.BookState?
  {
    guard let id = subject.bookID, let book = try fetchBook(id, on: connection) else {
      return nil
    }
    return AppliedChange.BookState(
      book: book, position: try position(of: id, before: nil, on: connection),
      rating: try fetchDetails(id, on: connection).rating)
  }
}

extension AppliedChange.Outcome {
  /// The subject of a change whose subject exists only once applied: the book added.
  fileprivate var addedSubject: ChangeSubject? {
    if case .added(let book) = self { return .book(book.id) }
    return nil
  }
}
