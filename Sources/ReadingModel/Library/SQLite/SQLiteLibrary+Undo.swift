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
  public func changeToUndo(of bookID: Book.ID? = nil) throws -> ChangeRecord? {
    try reading(orIfMissing: nil) { try undoTarget(of: bookID, on: $0)?.record }
  }

  /// The change ``redo(expecting:)`` would redo, if any.
  public func changeToRedo() throws -> ChangeRecord? {
    try reading(orIfMissing: nil) { try redoTarget(on: $0)?.record }
  }

  /// Undoes the change applied last, of the library or of one book.
  ///
  /// - Parameters:
  ///   - bookID: Only this book's changes.
  ///   - expected: The change the caller showed the reader (``changeToUndo(of:)``): when
  ///     another is now the last, nothing is undone.
  /// - Returns: The undo, its record, and the book before and after it.
  /// - Throws: ``LibraryError/nothingToUndo(book:)``; ``LibraryError/changedSince(_:)``
  ///   when the subject changed since in a way no record holds (nothing is written).
  @discardableResult
  public func undo(of bookID: Book.ID? = nil, expecting expected: Int64? = nil) throws
    -> AppliedChange
  {
    try writing { connection in
      guard let (target, subject) = try undoTarget(of: bookID, on: connection),
        expected == nil || expected == target.id
      else {
        throw LibraryError.nothingToUndo(
          book: try bookID.map { try fetchBook($0, on: connection)?.title ?? "book \($0)" })
      }
      let (before, after) = try snapshots(of: target.id, on: connection)
      let applied = try revert(
        target, as: .undo, of: subject, from: after, to: before, on: connection)
      try connection.run(
        "UPDATE library_changes SET undone = 1 WHERE seq = ?", [.integer(target.id)])
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
      guard let (target, subject) = try redoTarget(on: connection),
        expected == nil || expected == target.id
      else { throw LibraryError.nothingToRedo }
      let (before, after) = try snapshots(of: target.id, on: connection)
      let applied = try revert(
        target, as: .redo, of: subject, from: before, to: after, on: connection)
      let redo = applied.record?.id ?? target.id
      try connection.run(
        "UPDATE library_changes SET undone = 0, applied_seq = ? WHERE seq = ?",
        [.integer(redo), .integer(target.id)])
      return applied
    }
  }

  /// The change applied last that is not undone, with its subject.
  private func undoTarget(of bookID: Book.ID?, on connection: SQLiteConnection) throws
    -> (record: ChangeRecord, subject: ChangeSubject)?
  {
    try connection.first(
      """
      SELECT \(Self.recordColumns) FROM library_changes
      WHERE action = 'change' AND undone = 0 AND (?1 IS NULL OR book_id = ?1)
      ORDER BY applied_seq DESC LIMIT 1
      """, [bookID.map { .integer($0) }], Self.recordWithSubject(from:)
    ) ?? nil
  }

  /// The change undone by the newest undo since the last new change, still undone.
  private func redoTarget(on connection: SQLiteConnection) throws
    -> (record: ChangeRecord, subject: ChangeSubject)?
  {
    let columns = Self.recordColumns.split(separator: ", ").map { "c.\($0)" }
    return try connection.first(
      """
      SELECT \(columns.joined(separator: ", "))
      FROM library_changes u JOIN library_changes c ON c.seq = u.target
      WHERE u.action = 'undo' AND c.undone = 1
        AND u.seq > coalesce((SELECT max(seq) FROM library_changes WHERE action = 'change'), 0)
      ORDER BY u.seq DESC LIMIT 1
      """, [], Self.recordWithSubject(from:)
    ) ?? nil
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
}
