import Foundation
import Testing

@testable import ReadingModel

/// An import is one group of changes in the record: undone whole, redone whole, refused
/// when a book of it changed in a way no record holds.
@Suite struct ImportUndoTests {
  let folder = TemporaryFolder()

  /// Every row of every table that holds the library's state (not its history or its
  /// record of changes), as text, table by table.
  func state(_ path: String) throws -> [String: [String]] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    var state: [String: [String]] = [:]
    for table in [
      "books", "book_details", "progress_entries", "status_changes", "book_sources",
      "book_tags", "book_readings", "trash", "reading_goals", "book_keys",
    ] {
      let columns = try connection.all(
        "SELECT name FROM pragma_table_info(?)", [.text(table)], { $0.text(0) })
      guard !columns.isEmpty else { continue }
      let row = columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
      state[table] = try connection.all(
        "SELECT \(row) FROM \(table) ORDER BY 1", [], { $0.text(0) })
    }
    return state
  }

  func goodreads(_ rows: [[String]]) throws -> String {
    let header = GoodreadsImportTests.header31.split(separator: ",").map(String.init)
    let path = folder.path("export-\(UUID().uuidString).csv")
    let lines = rows.map { values in
      header.map { column in
        ["Book Id", "Title", "Author", "ISBN13", "My Rating", "Exclusive Shelf", "Date Read"]
          .firstIndex(of: column).map { values[$0] } ?? ""
      }
    }
    try ([header] + lines).map(CSVWriter.line).joined().write(
      toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// A library with Emma (rated 3, reading at 40%) and the goal of 2024.
  func libraryWithEmma() async throws -> (SQLiteLibrary, String) {
    let path = folder.path("library.sqlite")
    let library = SQLiteLibrary(path: path)
    let emma = try await library.add(
      try NewBook(title: "Emma", authors: ["Jane Austen"], pageCount: 400))
    try await library.edit(emma.id, .rating(Rating(given: 3)))
    try await library.record(0.4, on: emma.id, at: Date())
    try await library.setGoal(ReadingGoal(year: 2024, books: 12))
    return (library, path)
  }

  var export: [[String]] {
    [
      ["1", "Emma", "Jane Austen", "=\"9780141439587\"", "5", "read", "2024/01/24"],
      ["2", "Persuasion", "Jane Austen", "", "4", "read", "2024/03/01"],
      ["3", "Middlemarch", "George Eliot", "", "0", "to-read", ""],
    ]
  }

  @Test func anImportIsUndoneAndRedoneWhole() async throws {
    let (library, path) = try await libraryWithEmma()
    let before = try state(path)
    let summary = try await importFile(try goodreads(export), into: library)
    #expect(summary.added == 2 && summary.updated == 1)
    let record = try #require(summary.record)
    #expect(record.kind == .import)
    #expect(record.summary == "the import (Goodreads: 2 added, 1 updated)")
    #expect(try await library.changeToUndo() == record)
    let imported = try state(path)
    #expect(imported != before)

    let undo = try await library.undo()
    #expect(undo.outcome == .reverted(record))
    #expect(try state(path) == before)
    #expect(try await library.changeToRedo()?.id == record.id)

    try await library.redo()
    #expect(try state(path) == imported)
    try await library.undo()
    #expect(try state(path) == before)
    // Emma's history tells of both; the books the import added are gone with it.
    let events = try await library.history(of: 1).map(\.detail)
    #expect(events.filter { $0.hasPrefix("undid the import") }.count == 2)
    #expect(events.contains { $0.hasPrefix("redid the import") })
  }

  @Test func aBookOfAnImportIsNotUndoneAlone() async throws {
    let (library, _) = try await libraryWithEmma()
    _ = try await importFile(try goodreads(export), into: library)
    await #expect(
      throws: LibraryError.changedInGroup(
        book: "Emma", group: "the import (Goodreads: 2 added, 1 updated)")
    ) { try await library.undo(of: 1) }
    // A change made after the import is the book's own again.
    let imported = try await library.details(of: 1).rating
    try await library.edit(1, .rating(Rating(given: 2)))
    #expect(try await library.changeToUndo(of: 1)?.kind == .rate)
    try await library.undo(of: 1)
    #expect(try await library.details(of: 1).rating == imported)
  }

  @Test func anImportThatChangedNothingIsNotRecorded() async throws {
    let (library, _) = try await libraryWithEmma()
    let file = try goodreads(export)
    let first = try await importFile(file, into: library)
    let again = try await importFile(file, into: library)
    #expect(again.unchanged == 3)
    #expect(again.record == nil)
    #expect(try await library.changeToUndo() == first.record)
    let dry = try await importFile(try goodreads([export[2]]), into: library, dryRun: true)
    #expect(try await library.changeToUndo() == first.record, "\(dry)")
  }

  @Test func anImportIsNotUndoneOverAChangeNoRecordHolds() async throws {
    let (library, path) = try await libraryWithEmma()
    _ = try await importFile(try goodreads(export), into: library)
    // Another program changes a book the import merged into.
    try runSQL(path, "UPDATE books SET title = 'Emma (edited)' WHERE id = 1")
    let changed = try state(path)
    await #expect(
      throws: LibraryError.changedSinceIn(
        "the import (Goodreads: 2 added, 1 updated)", what: "“Emma (edited)”")
    ) {
      try await library.undo()
    }
    #expect(try state(path) == changed)
  }

  @Test func aRestoredArchiveIsUndoneWithItsGoals() async throws {
    let (library, _) = try await libraryWithEmma()
    _ = try await importFile(try goodreads(export), into: library)
    var writer = LibraryArchive.StreamWriter(
      library: try await library.libraryID(), goals: try await library.goals())
    var data = writer.header()
    for item in try await library.archivePage(after: nil, limit: 100) { data += writer.item(item) }
    data += writer.footer()
    let archive = folder.path("library.json")
    try data.write(to: URL(fileURLWithPath: archive))

    let restoredPath = folder.path("restored.sqlite")
    let restored = SQLiteLibrary(path: restoredPath)
    _ = try await restored.add(try NewBook(title: "Placeholder", authors: ["Nobody"]))
    try await restored.undo()
    let empty = try state(restoredPath)
    let summary = try await importFile(archive, into: restored)
    #expect(summary.added == 3)
    #expect(try await restored.goals() == [ReadingGoal(year: 2024, books: 12)])
    try await restored.undo()
    #expect(try state(restoredPath) == empty)
    #expect(try await restored.goals() == [])
    try await restored.redo()
    #expect(try await restored.goals() == [ReadingGoal(year: 2024, books: 12)])
    #expect(try await restored.book(id: 3)?.title == "Middlemarch")
  }

  @Test func booksAddedAcrossStagingFlushesAreUndoneAndRedone() async throws {
    let (library, path) = try await libraryWithEmma()
    let before = try state(path)
    let rows = (1...7).map {
      ["\(100 + $0)", "Book \($0)", "Author \($0)", "", "0", "to-read", ""]
    }
    let file = try goodreads(rows)
    var options = ImportOptions()
    options.stagingBatch = 2
    let format = try ImportFormat.detect(path: file)
    let summary = try await library.importBooks(
      from: { try format.source(path: file) }, options: options, progress: nil)
    #expect(summary.added == 7)
    let imported = try state(path)
    try await library.undo()
    #expect(try state(path) == before)
    try await library.redo()
    #expect(try state(path) == imported)
  }

  /// Your own archive imported again: a book removed since comes back under its id, and
  /// the others merge. Undone, the trash still holds the removed book; redone, the books
  /// come back with their history, whatever rowids the undo's events took meanwhile.
  @Test func yourOwnArchiveIsUndoneAndRedoneAroundTheTrash() async throws {
    let (library, path) = try await libraryWithEmma()
    _ = try await importFile(try goodreads(export), into: library)
    try await library.edit(3, .rating(Rating(given: 2)))  // Middlemarch has a history
    var writer = LibraryArchive.StreamWriter(library: try await library.libraryID())
    var data = writer.header()
    for item in try await library.archivePage(after: nil, limit: 100) { data += writer.item(item) }
    data += writer.footer()
    let archive = folder.path("mine.json")
    try data.write(to: URL(fileURLWithPath: archive))
    // Emma loses an entry the archive has (merged back), Middlemarch goes to the trash.
    let entry = try #require(try await library.progress(of: 1).entries.first)
    _ = try await library.removeEntry(entry.id)
    _ = try await library.remove(3, at: Date())
    let before = try state(path)
    #expect(before["trash"]?.count == 1)

    let summary = try await importFile(archive, into: library)
    #expect(summary.added == 1 && summary.updated == 1, "\(summary)")
    let imported = try state(path)
    try await library.undo()
    #expect(try state(path) == before)
    try await library.redo()
    #expect(try state(path) == imported)
    #expect(try await library.history(of: 3).isEmpty == false)
  }

  @Test func aGroupThatLostItsBooksIsDamageNotAnEmptyUndo() async throws {
    let (library, path) = try await libraryWithEmma()
    let summary = try await importFile(try goodreads(export), into: library)
    let record = try #require(summary.record)
    try runSQL(path, "DELETE FROM library_change_members WHERE seq = \(record.id)")
    await #expect(
      throws: LibraryError.damaged(path: path, detail: "change \(record.id) has lost its books")
    ) { try await library.undo() }
  }
}
