#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Undo and redo of any recorded change: the subject's rows are put back as the record
// kept them, when they are still as the change left them, and the undo or redo is
// recorded in turn.
extension SQLiteLibrary {
  /// The change ``undo(of:expecting:)`` would undo, if any.
  ///
  /// - Throws: ``LibraryError/changedInGroup(book:group:)`` when the book's last change
  ///   was one of a group's.
  public func changeToUndo(of bookID: Book.ID? = nil) throws -> ChangeRecord? {
    try reading(orIfMissing: nil) { try undoTarget(of: bookID, on: $0)?.record }
  }

  /// The change ``redo(expecting:)`` would redo, if any.
  public func changeToRedo() throws -> ChangeRecord? {
    try reading(orIfMissing: nil) { try redoTarget(on: $0)?.target.record }
  }

  /// Undoes the change applied last, of the library or of one book.
  ///
  /// - Parameters:
  ///   - bookID: Only this book's changes.
  ///   - expected: The change the caller showed the reader (``changeToUndo(of:)``): when
  ///     another is now the last, nothing is undone.
  /// - Returns: The undo, its record, and the book before and after it.
  /// - Throws: ``LibraryError/nothingToUndo(book:)``; ``LibraryError/changedSince(_:)``
  ///   when the subject changed since in a way no record holds (nothing is written);
  ///   ``LibraryError/changedInGroup(book:group:)`` when the book's last change was a group's.
  @discardableResult
  public func undo(of bookID: Book.ID? = nil, expecting expected: Int64? = nil) throws
    -> AppliedChange
  {
    try writing { connection in
      guard let target = try undoTarget(of: bookID, on: connection),
        expected == nil || expected == target.record.id
      else {
        throw LibraryError.nothingToUndo(
          book: try bookID.map { try fetchBook($0, on: connection)?.title ?? "book \($0)" })
      }
      let applied: AppliedChange
      switch target.subject {
      case .one(let subject):
        let (before, after) = try snapshots(of: target.record.id, on: connection)
        applied = try revert(
          target.record, as: .undo, of: subject, from: after, to: before, on: connection)
      case .group:
        let steps = try members(of: target.record.id, on: connection).reversed().map {
          GroupStep(subject: $0.subject, from: $0.after, to: $0.before)
        }
        applied = try revertGroup(target.record, as: .undo, steps: steps, on: connection)
      }
      try connection.run(
        "UPDATE library_changes SET undone = 1 WHERE seq = ?", [.integer(target.record.id)])
      return applied
    }
  }

  /// Redoes the change undone last, while no new change was made since.
  ///
  /// - Parameter expected: The change the caller showed the reader (``changeToRedo()``).
  /// - Returns: The redo, its record, and the book before and after it.
  /// - Throws: ``LibraryError/nothingToRedo``; ``LibraryError/changedSince(_:)``.
  @discardableResult
  public func redo(expecting expected: Int64? = nil) throws -> AppliedChange {
    try writing { connection in
      guard let (target, undo) = try redoTarget(on: connection),
        expected == nil || expected == target.record.id
      else { throw LibraryError.nothingToRedo }
      let applied: AppliedChange
      switch target.subject {
      case .one(let subject):
        let (before, after) = try snapshots(of: target.record.id, on: connection)
        applied = try revert(
          target.record, as: .redo, of: subject, from: before, to: after, on: connection)
      case .group:
        // The undo kept every row it moved, the rows of books the group added included.
        let steps = try members(of: undo, on: connection).reversed().map { member in
          guard let after = member.after else {
            throw LibraryError.damaged(path: path, detail: "change \(undo) lacks its rows")
          }
          return GroupStep(subject: member.subject, from: after, to: member.before)
        }
        applied = try revertGroup(target.record, as: .redo, steps: steps, on: connection)
      }
      let redo = applied.record?.id ?? target.record.id
      try connection.run(
        "UPDATE library_changes SET undone = 0, applied_seq = ? WHERE seq = ?",
        [.integer(redo), .integer(target.record.id)])
      return applied
    }
  }

  /// The change applied last that is not undone, with its subject.
  ///
  /// - Throws: ``LibraryError/changedInGroup(book:group:)`` when `bookID`'s last change
  ///   was one of a group's.
  private func undoTarget(of bookID: Book.ID?, on connection: SQLiteConnection) throws
    -> ChangeTarget?
  {
    guard let bookID else {
      return try connection.first(
        """
        SELECT \(Self.recordColumns) FROM library_changes
        WHERE action = 'change' AND undone = 0 ORDER BY applied_seq DESC LIMIT 1
        """, [], ChangeTarget.init(row:)) ?? nil
    }
    // Its own changes by the book's index, and the groups it is a member of.
    let columns = Self.recordColumns.split(separator: ", ").map { "c.\($0)" }
    let latest =
      try connection.first(
        """
        SELECT \(Self.recordColumns), applied_seq FROM library_changes
        WHERE book_id = ?1 AND action = 'change' AND undone = 0
        UNION ALL
        SELECT \(columns.joined(separator: ", ")), c.applied_seq
        FROM library_change_members m JOIN library_changes c ON c.seq = m.seq
        WHERE m.book_id = ?1 AND c.action = 'change' AND c.undone = 0
        ORDER BY 10 DESC LIMIT 1
        """, [.integer(bookID)], ChangeTarget.init(row:)) ?? nil
    if let latest, case .group = latest.subject {
      throw LibraryError.changedInGroup(
        book: try fetchBook(bookID, on: connection)?.title ?? "book \(bookID)",
        group: latest.record.summary)
    }
    return latest
  }

  /// The change undone by the newest undo since the last new change, still undone, and
  /// that undo's record.
  private func redoTarget(on connection: SQLiteConnection) throws
    -> (target: ChangeTarget, undo: Int64)?
  {
    let columns = Self.recordColumns.split(separator: ", ").map { "c.\($0)" }
    return try connection.first(
      """
      SELECT \(columns.joined(separator: ", ")), u.seq
      FROM library_changes u JOIN library_changes c ON c.seq = u.target
      WHERE u.action = 'undo' AND c.undone = 1
        AND u.seq > coalesce((SELECT max(seq) FROM library_changes WHERE action = 'change'), 0)
      ORDER BY u.seq DESC LIMIT 1
      """, []
    ) { row in ChangeTarget(row: row).map { ($0, row.int64(9)) } } ?? nil
  }

  /// Moves `subject`'s rows from `expected` to `wanted` (the rows a change touched), logs
  /// it in the book's history and records it.
  ///
  /// - Throws: ``LibraryError/changedSince(_:)`` when the rows are no longer as `expected`.
  private func revert(
    _ target: ChangeRecord, as action: ChangeRecord.Action, of subject: ChangeSubject,
    from expected: RowSnapshot, to wanted: RowSnapshot, on connection: SQLiteConnection
  ) throws -> AppliedChange {
    try checkStored(expected, of: subject, on: connection)
    try checkStored(wanted, of: subject, on: connection)
    guard try holds(expected, without: wanted, of: subject, on: connection) else {
      throw LibraryError.changedSince(target.summary)
    }
    let stateBefore = try bookState(subject, on: connection)
    try move(subject, from: expected, to: wanted, on: connection)
    if let id = subject.bookID, try fetchBook(id, on: connection) != nil {
      try logEvent(
        BookEvent(
          time: Date().roundedToMilliseconds, kind: action == .undo ? .undo : .redo,
          detail: (action == .undo ? "undid " : "redid ") + target.summary),
        of: id, on: connection)
    }
    let record = try self.record(
      ChangeDraft(
        kind: target.kind, action: action, subject: subject, summary: target.summary,
        target: target.id),
      before: expected, after: wanted, on: connection)
    return AppliedChange(
      record: record, before: stateBefore, after: try bookState(subject, on: connection),
      outcome: .reverted(target))
  }

  /// Moves each of a group's subjects as `steps` say, logs it in each book that stays, and
  /// records the undo or redo as a group of its own, with every row it moved.
  ///
  /// - Throws: ``LibraryError/changedSince(_:)`` when a subject's rows are no longer as
  ///   its step expects (nothing is written: the transaction rolls back).
  private func revertGroup(
    _ target: ChangeRecord, as action: ChangeRecord.Action, steps: [GroupStep],
    on connection: SQLiteConnection
  ) throws -> AppliedChange {
    let group = try beginGroup(target.kind, action: action, target: target.id, on: connection)
    let event = BookEvent(
      time: group.time, kind: action == .undo ? .undo : .redo,
      detail: (action == .undo ? "undid " : "redid ") + target.summary)
    for step in steps {
      let from = try step.from ?? addedRows(of: step.subject, since: target, on: connection)
      try checkStored(from, of: step.subject, on: connection)
      try checkStored(step.to, of: step.subject, on: connection)
      guard try holds(from, without: step.to, of: step.subject, on: connection) else {
        throw try groupChanged(target, at: step.subject, on: connection)
      }
      try move(step.subject, from: from, to: step.to, on: connection)
      if let id = step.subject.bookID, try fetchBook(id, on: connection) != nil {
        try logEvent(event, of: id, on: connection)
      }
      try addMember(
        ChangeGroupMember(subject: step.subject, before: from, after: step.to),
        to: group, on: connection)
    }
    let record = try finish(group, summary: target.summary, on: connection)
    return AppliedChange(record: record, before: nil, after: nil, outcome: .reverted(target))
  }

  /// Why a group cannot be undone or redone: the book (or goal) of it that changed.
  private func groupChanged(
    _ target: ChangeRecord, at subject: ChangeSubject, on connection: SQLiteConnection
  ) throws -> LibraryError {
    switch subject {
    case .book(let id):
      let title = try fetchBook(id, on: connection)?.title ?? "book \(id)"
      return .changedSinceIn(target.summary, what: "“\(title)”")
    case .goal(let year):
      return .changedSinceIn(target.summary, what: "the goal for \(year)")
    }
  }
}
