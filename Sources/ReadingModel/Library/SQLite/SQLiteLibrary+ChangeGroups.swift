#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A group of changes being applied in one transaction (an import, a restore): one record
/// in `library_changes`, written first so that its members (`library_change_members`) can
/// name it, and undone or redone whole.
struct ChangeGroup: Sendable {
  /// The group's record.
  let seq: Int64
  let kind: ChangeRecord.Kind
  let action: ChangeRecord.Action
  let time: Date
}

/// One book or goal of a group, with the rows the group touched.
struct ChangeGroupMember {
  var subject: ChangeSubject
  var before: RowSnapshot
  /// `nil` for a book the group added: its rows are the book's as long as no later change
  /// touched it (``SQLiteLibrary/addedRows(of:since:on:)``).
  var after: RowSnapshot?
}

// Recording a group of changes: the group's record, then a member for each subject it
// changed; finished with its summary once the group knows what it did.
extension SQLiteLibrary {
  /// Writes the record of a group about to be applied in this transaction.
  ///
  /// - Parameters:
  ///   - kind: What kind of group it is (`import`).
  ///   - action: A change, or the undoing or redoing of the group `target`.
  func beginGroup(
    _ kind: ChangeRecord.Kind, action: ChangeRecord.Action = .change, target: Int64? = nil,
    on connection: SQLiteConnection
  ) throws -> ChangeGroup {
    let time = Date().roundedToMilliseconds
    try connection.run(
      """
      INSERT INTO library_changes (time_ms, kind, action, summary, before, after, target,
        applied_seq)
      VALUES (?, ?, ?, '', '{}', '{}', ?,
        coalesce((SELECT max(seq) FROM library_changes), 0) + 1)
      """,
      [
        .integer(time.milliseconds), .text(kind.rawValue), .text(action.rawValue),
        target.map { .integer($0) },
      ])
    return ChangeGroup(
      seq: connection.lastInsertedRowID, kind: kind, action: action, time: time)
  }

  /// Runs `body`, which changes `subject`, and records the rows it touched as a member of
  /// `group` (nothing when they are as they were).
  ///
  /// - Returns: What `body` returns.
  func recording<T>(
    _ subject: ChangeSubject, in group: ChangeGroup, on connection: SQLiteConnection,
    _ body: () throws -> T
  ) throws -> T {
    // The rows are heard as they are written (``RowCapture``), as the one writer hears them.
    let (result, writes) = try RowCapture.listening(to: subject.tables, on: connection, body)
    let changed = try changedRows(writes, of: subject, history: nil, on: connection)
    guard !changed.before.tables.isEmpty || !changed.after.tables.isEmpty else { return result }
    try addMember(
      ChangeGroupMember(subject: subject, before: changed.before, after: changed.after),
      to: group, on: connection)
    return result
  }

  /// Records a book the group added (its rows are read if the group is undone).
  ///
  /// - Parameter before: The book's rows before it was added: none, but a book added under
  ///   the id of one in the trash has the trash's row, which an undo must leave.
  func recordAdded(
    _ id: Book.ID, before: RowSnapshot = RowSnapshot(), in group: ChangeGroup,
    on connection: SQLiteConnection
  ) throws {
    try addMember(
      ChangeGroupMember(subject: .book(id), before: before, after: nil), to: group,
      on: connection)
  }

  /// Records the books staged in `table` (``BookStaging``) as added by the group, in one
  /// statement.
  static func recordStaged(in table: String, group: Int64, on connection: SQLiteConnection)
    throws
  {
    try connection.run(
      """
      INSERT INTO library_change_members (seq, book_id, before)
      SELECT ?, id, '{"tables":{}}' FROM \(table)
      """, [.integer(group)])
  }

  func addMember(
    _ member: ChangeGroupMember, to group: ChangeGroup, on connection: SQLiteConnection
  ) throws {
    var goalYear: SQLiteValue?
    if case .goal(let year) = member.subject { goalYear = .integer(Int64(year)) }
    try connection.run(
      "INSERT INTO library_change_members (seq, book_id, goal_year, before, after) VALUES (?, ?, ?, ?, ?)",
      [
        .integer(group.seq), member.subject.bookID.map { .integer($0) }, goalYear,
        .text(member.before.json), member.after.map { .text($0.json) },
      ])
  }

  /// Ends the group with its summary; a group that changed nothing is not kept.
  ///
  /// - Returns: The group's record; `nil` when it changed nothing.
  func finish(_ group: ChangeGroup, summary: String, on connection: SQLiteConnection) throws
    -> ChangeRecord?
  {
    guard
      try connection.integer(
        "SELECT 1 FROM library_change_members WHERE seq = ? LIMIT 1", [.integer(group.seq)])
        != nil
    else {
      try connection.run("DELETE FROM library_changes WHERE seq = ?", [.integer(group.seq)])
      return nil
    }
    try connection.run(
      "UPDATE library_changes SET summary = ? WHERE seq = ?",
      [.text(summary), .integer(group.seq)])
    try trimRecord(after: group.seq, on: connection)
    return ChangeRecord(
      id: group.seq, time: group.time, kind: group.kind, action: group.action, bookID: nil,
      summary: summary)
  }

  /// The members of the group `seq`, in the order they were recorded.
  ///
  /// - Throws: ``LibraryError/damaged(path:detail:)`` for a group without members (no
  ///   version records one): undoing it would change nothing and say it undid an import.
  func members(of seq: Int64, on connection: SQLiteConnection) throws -> [ChangeGroupMember] {
    let rows = try connection.all(
      """
      SELECT book_id, goal_year, before, after FROM library_change_members WHERE seq = ?
      ORDER BY rowid
      """, [.integer(seq)]
    ) { row in
      (row.optionalInt64(0), row.optionalInt64(1), row.text(2), row.optionalText(3))
    }
    guard !rows.isEmpty else {
      throw LibraryError.damaged(path: path, detail: "change \(seq) has lost its books")
    }
    return try rows.map { book, year, before, after in
      let subject: ChangeSubject
      if let book {
        subject = .book(book)
      } else if let year {
        subject = .goal(year: Int(year))
      } else {
        throw LibraryError.damaged(path: path, detail: "change \(seq) has a member about nothing")
      }
      do {
        return ChangeGroupMember(
          subject: subject, before: try RowSnapshot(json: before),
          after: try after.map { try RowSnapshot(json: $0) })
      } catch {
        throw LibraryError.damaged(path: path, detail: "change \(seq) cannot be read")
      }
    }
  }

  /// The rows of a book the group `target` added, as they are now, history included.
  ///
  /// - Throws: ``LibraryError/changedSince(_:)`` when a change applied after the group
  ///   touched the book and is not undone: taking the book away would lose it.
  func addedRows(
    of subject: ChangeSubject, since target: ChangeRecord, on connection: SQLiteConnection
  ) throws -> RowSnapshot {
    guard let id = subject.bookID else { return RowSnapshot() }
    let applied = try connection.integer(
      "SELECT applied_seq FROM library_changes WHERE seq = ?", [.integer(target.id)])
    let later = try connection.first(
      """
      SELECT summary FROM library_changes
      WHERE book_id = ?1 AND action = 'change' AND undone = 0 AND applied_seq > ?2
      UNION ALL
      SELECT c.summary FROM library_change_members m JOIN library_changes c ON c.seq = m.seq
      WHERE m.book_id = ?1 AND c.action = 'change' AND c.undone = 0 AND c.applied_seq > ?2
      LIMIT 1
      """, [.integer(id), .integer(applied ?? target.id)], { $0.text(0) })
    if let later {
      throw LibraryError.changedSinceBy(target.summary, later: later)
    }
    var rows = try snapshot(subject, on: connection)
    rows.history = try history(of: subject, on: connection)
    return rows
  }
}
