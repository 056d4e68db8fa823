/// A recorded change to undo or redo, with what it changed: one subject, or a group's
/// members (``ChangeGroup``).
struct ChangeTarget {
  enum Subject {
    case one(ChangeSubject)
    case group
  }

  var record: ChangeRecord
  var subject: Subject

  /// Reads ``SQLiteLibrary/recordColumns``; `nil` for a record about nothing that is not a
  /// group (which no version writes).
  init?(row: SQLiteRow) {
    record = SQLiteLibrary.record(from: row)
    if let book = row.optionalInt64(4) {
      subject = .one(.book(book))
    } else if let year = row.optionalInt64(8) {
      subject = .one(.goal(year: Int(year)))
    } else if record.kind.isGroup {
      subject = .group
    } else {
      return nil
    }
  }
}

/// One subject of a group moved from the rows it has to the rows it gets.
struct GroupStep {
  var subject: ChangeSubject
  /// `nil` for a book the group added: its rows as they are when its turn comes.
  var from: RowSnapshot?
  var to: RowSnapshot
}
