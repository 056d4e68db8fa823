import Foundation
import Testing

@testable import ReadingModel

/// A change is recorded from the rows it writes, as SQLite's pre-update hook hands them over
/// (``RowCapture``), not from every row of its book read before and after it. The record
/// must be exactly the one those two whole readings make: the rows that differ, each side
/// as a `SELECT` reads it.
@Suite struct ChangeCaptureTests {
  let folder = TemporaryFolder()
  var library: SQLiteLibrary { SQLiteLibrary(path: folder.path("library.sqlite")) }

  /// Applies `change` and checks its record against the difference of the subject's whole
  /// rows before and after it (`subject`: `nil` for a book being added).
  @discardableResult
  func expectRecorded(
    _ change: LibraryChange, of subject: ChangeSubject?, in library: SQLiteLibrary,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> AppliedChange {
    var before = RowSnapshot()
    if let subject { before = try await library.wholeRows(of: subject) }
    let applied = try await library.apply(change)
    let subject = try #require(subject ?? applied.after.map { .book($0.book.id) })
    let after = try await library.wholeRows(of: subject)
    let expected = RowSnapshot.difference(from: before, to: after, in: subject.tables)
    guard !expected.before.tables.isEmpty || !expected.after.tables.isEmpty else {
      #expect(applied.record == nil, sourceLocation: sourceLocation)
      return applied
    }
    let record = try #require(applied.record, sourceLocation: sourceLocation)
    let stored = try await library.storedRows(of: record.id)
    #expect(stored.before == expected.before, sourceLocation: sourceLocation)
    #expect(stored.after == expected.after, sourceLocation: sourceLocation)
    return applied
  }

  @Test func everyKindOfChangeRecordsTheRowsItChanged() async throws {
    let library = self.library
    let added = try await expectRecorded(.addBook(try sampleBook(1)), of: nil, in: library)
    let id = try #require(added.after?.book.id)
    let book = ChangeSubject.book(id)
    _ = try await library.add(try sampleBook(4))  // another book's rows are never recorded
    try await expectRecorded(.edit(id, .rating(Rating("4.5"))), of: book, in: library)
    try await expectRecorded(
      .edit(id, BookEdit(kind: .tags, addingTags: ["poetry", "classics"])), of: book,
      in: library)
    try await expectRecorded(
      .edit(id, BookEdit(kind: .tags, removingTags: ["poetry"])), of: book, in: library)
    let start = Date(milliseconds: 1_700_000_000_000)
    let first = try await expectRecorded(
      .record(id, EntryRequest(input: .page(20), note: "a start", time: start)), of: book,
      in: library)
    try await expectRecorded(
      .record(id, EntryRequest(input: .percent(50), time: start + 60)), of: book, in: library)
    // Back-dated: kept in the history, moves nothing.
    try await expectRecorded(
      .record(id, EntryRequest(input: .page(10), time: start - 60)), of: book, in: library)
    let entry = try #require(first.entry?.id)
    try await expectRecorded(.setNote(entry: entry, to: "a new note"), of: book, in: library)
    try await expectRecorded(.removeEntry(entry), of: book, in: library)
    try await expectRecorded(
      .setStatus(id, .finished, at: start + 120, reread: nil), of: book, in: library)
    try await expectRecorded(
      .setStatus(id, .abandoned, at: start + 180, reread: nil), of: book, in: library)
    let trashed = try await expectRecorded(
      .removeBook(id, at: start + 240), of: book, in: library)
    let trashID = try #require(trashed.trashedBook?.trashID)
    try await expectRecorded(
      .restoreFromTrash(trashID: trashID, at: start + 300), of: book, in: library)
    let goal = ChangeSubject.goal(year: 2024)
    try await expectRecorded(
      .setGoal(ReadingGoal(year: 2024, books: 12)), of: goal, in: library)
    // The same goal again changes nothing, and is not recorded.
    try await expectRecorded(
      .setGoal(ReadingGoal(year: 2024, books: 12)), of: goal, in: library)
    try await expectRecorded(.clearGoal(year: 2024), of: goal, in: library)
  }

  /// A row stored before a migration added a column has no value of it on disk: a `SELECT`
  /// reads the column's default, and so must the record (SQLite 3.40's hook reads NULL).
  @Test func aRowOlderThanAColumnIsRecordedWithTheColumnsDefault() async throws {
    let library = self.library
    let id = try await library.add(try sampleBook(1)).id
    _ = try await library.apply(.edit(id, .rating(Rating("3"))))
    // The details row stored without the column, as one written before its migration.
    try await library.rewrite(
      """
      ALTER TABLE book_details DROP COLUMN contributors;
      ALTER TABLE book_details ADD COLUMN contributors TEXT NOT NULL DEFAULT '';
      """)
    let applied = try await expectRecorded(
      .edit(id, .rating(Rating("4"))), of: .book(id), in: library)
    let record = try #require(applied.record)
    let before = try #require(
      try await library.storedRows(of: record.id).before.tables["book_details"])
    let column = try #require(before.columns.firstIndex(of: "contributors"))
    #expect(before.rows.map { $0[column] } == [.text("")])
    // And undoing it writes the row back as it was.
    _ = try await library.undo()
    #expect(try await library.details(of: id).rating == 3)
  }

  /// A REAL column's integer is read as a real by a `SELECT`, so by the hook's reader too:
  /// which declared types are REAL, by SQLite's own rule (its documentation's examples).
  @Test(arguments: [
    ("REAL", true), ("DOUBLE", true), ("double precision", true), ("FLOAT", true),
    ("FLOATING POINT", false), ("INTEGER", false), ("BIGINT", false), ("TEXT", false),
    ("VARCHAR(255)", false), ("BLOB", false), ("", false), ("NUMERIC", false),
    ("DECIMAL(10,5)", false), ("REAL BLOB", false),
  ])
  func realAffinityFollowsSQLitesRule(type: String, isReal: Bool) {
    #expect(SnapshotColumns.hasRealAffinity(type) == isReal)
  }

  /// The record of a change is read back as a `SELECT` reads it: every column of a table
  /// the change touched has a place in the hook's row (no generated or hidden columns), and
  /// no column that may be NULL has another default (which the hook of SQLite 3.40 could
  /// not tell from a stored NULL in a row older than the column).
  @Test func everyTableOfASubjectIsOneTheHookReadsWhole() async throws {
    let library = self.library
    _ = try await library.add(try sampleBook(1))
    for table in ChangeSubject.bookTables + ChangeSubject.goalTables {
      let columns = try await library.declaredColumns(of: table.name)
      #expect(!columns.isEmpty, "\(table.name)")
      for column in columns
      where column.hidden != 0 || (column.notNull == 0 && column.fallback != nil) {
        Issue.record(
          "\(table.name).\(column.name) cannot be read from the pre-update hook as stored")
      }
    }
  }
}

extension SQLiteLibrary {
  /// The subject's whole rows and a book's history, as a change's record was once made from.
  fileprivate func wholeRows(of subject: ChangeSubject) throws -> RowSnapshot {
    try reading(orIfMissing: RowSnapshot()) { connection in
      var rows = try snapshot(subject, on: connection)
      rows.history = try history(of: subject, on: connection)
      return rows
    }
  }

  /// A stored record's rows.
  fileprivate func storedRows(of seq: Int64) throws -> (before: RowSnapshot, after: RowSnapshot) {
    try reading(orIfMissing: (RowSnapshot(), RowSnapshot())) { try snapshots(of: seq, on: $0) }
  }

  /// Runs `sql` on the library, as a migration would, and reads the table's columns afresh.
  fileprivate func rewrite(_ sql: String) throws {
    try writing { try $0.execute(sql) }
    close()
  }

  /// Every column of `table` as declared, hidden ones too.
  fileprivate func declaredColumns(of table: String) throws
    -> [(name: String, hidden: Int64, notNull: Int64, fallback: String?)]
  {
    try reading(orIfMissing: []) { connection in
      try connection.all(
        "SELECT name, hidden, \"notnull\", dflt_value FROM pragma_table_xinfo(?)",
        [.text(table)]
      ) { ($0.text(0), $0.int64(1), $0.int64(2), $0.optionalText(3)) }
    }
  }
}
