#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A record about to be written.
struct ChangeDraft {
  var kind: ChangeRecord.Kind
  var action: ChangeRecord.Action
  var subject: ChangeSubject
  var summary: String
  var target: Int64? = nil
}

// Reading and writing `library_changes`.
extension SQLiteLibrary {
  /// Writes a record of a change applied in this transaction.
  ///
  /// - Returns: The record.
  func record(
    _ draft: ChangeDraft, before: RowSnapshot, after: RowSnapshot,
    on connection: SQLiteConnection
  ) throws -> ChangeRecord {
    let time = Date().roundedToMilliseconds
    var goalYear: SQLiteValue?
    if case .goal(let year) = draft.subject { goalYear = .integer(Int64(year)) }
    // One statement: the record's seq is the one SQLite would give it (the largest plus
    // one: seq is an INTEGER PRIMARY KEY without AUTOINCREMENT), and its applied_seq starts
    // as that seq.
    try connection.run(
      """
      INSERT INTO library_changes (seq, time_ms, kind, action, book_id, goal_year, summary,
        before, after, target, applied_seq)
      SELECT next, ?, ?, ?, ?, ?, ?, ?, ?, ?, next
      FROM (SELECT coalesce(max(seq), 0) + 1 AS next FROM library_changes)
      """,
      [
        .integer(time.milliseconds), .text(draft.kind.rawValue), .text(draft.action.rawValue),
        draft.subject.bookID.map { .integer($0) }, goalYear, .text(draft.summary),
        .text(before.json), .text(after.json), draft.target.map { .integer($0) },
      ])
    let seq = connection.lastInsertedRowID
    try trimRecord(after: seq, on: connection)
    return ChangeRecord(
      id: seq, time: time, kind: draft.kind, action: draft.action,
      bookID: draft.subject.bookID, summary: draft.summary, target: draft.target)
  }

  static let recordColumns =
    "seq, time_ms, kind, action, book_id, summary, target, undone, goal_year"

  /// Reads ``recordColumns``.
  static func record(from row: SQLiteRow) -> ChangeRecord {
    ChangeRecord(
      id: row.int64(0), time: row.date(1),
      kind: ChangeRecord.Kind(rawValue: row.text(2)) ?? .edit,
      action: ChangeRecord.Action(rawValue: row.text(3)) ?? .change,
      bookID: row.optionalInt64(4), summary: row.text(5), target: row.optionalInt64(6),
      isUndone: row.int64(7) != 0)
  }

  /// A record's snapshots.
  func snapshots(of seq: Int64, on connection: SQLiteConnection) throws
    -> (before: RowSnapshot, after: RowSnapshot)
  {
    guard
      let (before, after) = try connection.first(
        "SELECT before, after FROM library_changes WHERE seq = ?", [.integer(seq)],
        { ($0.text(0), $0.text(1)) })
    else { throw LibraryError.damaged(path: path, detail: "change \(seq) is missing") }
    do {
      return (try RowSnapshot(json: before), try RowSnapshot(json: after))
    } catch {
      throw LibraryError.damaged(path: path, detail: "change \(seq) cannot be read")
    }
  }
}
