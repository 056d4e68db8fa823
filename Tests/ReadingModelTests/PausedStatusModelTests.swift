import Foundation
import Testing

@testable import ReadingModel

/// The paused status in the model (issue 28): the reading state's rules, and a library made
/// before paused existed taking it after its migration.
@Suite struct PausedStatusModelTests {
  let folder = TemporaryFolder()
  let day = CalendarDay(year: 2026, month: 3, day: 1)!
  let later = CalendarDay(year: 2026, month: 3, day: 9)!

  @Test func pausingKeepsTheReadingOpenAndProgressTakesItUp() throws {
    var state = ReadingState(status: .wantToRead, readings: [], readCount: nil)
    try state.record(0.2, on: day, reread: nil)
    try state.set(.paused, on: later, reread: nil)
    #expect(state.status == .paused)
    #expect(state.readings == [ReadingPeriod(start: day)])
    #expect(state.currentReading == ReadingPeriod(start: day))
    try state.record(0.3, on: later, reread: nil)
    #expect(state.status == .reading)
    #expect(state.readings == [ReadingPeriod(start: day)])
    // A position of 0 on a paused book moves nothing.
    try state.set(.paused, on: later, reread: nil)
    try state.record(0, on: later, reread: nil)
    #expect(state.status == .paused)
  }

  @Test func pausingAFinishedBookAsksWhetherItIsAReread() throws {
    var state = ReadingState(
      status: .finished, readings: [ReadingPeriod(start: day, end: day)], readCount: 1)
    #expect(throws: ReadingState.RereadUndecided(status: .finished)) {
      try state.set(.paused, on: later, reread: nil)
    }
    try state.set(.paused, on: later, reread: .reread)
    #expect(state.status == .paused)
    #expect(state.readings.last == ReadingPeriod(start: later))
    #expect(state.readCount == 1)
  }

  @Test func aLibraryFromBeforePausedTakesItAfterItsMigration() async throws {
    let path = folder.path("old.sqlite")
    let library = SQLiteLibrary(path: path)
    let book = try await library.add(try sampleBook(0))
    // Back to the library as the build before the migration left it.
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    try connection.writeTransaction {
      let version = try connection.integer("PRAGMA schema_version") ?? 0
      try connection.execute("PRAGMA writable_schema = ON")
      try connection.run(
        "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE name IN ('books', 'status_changes')",
        [.text("'abandoned', 'paused'))"), .text("'abandoned'))")])
      try connection.execute("PRAGMA schema_version = \(version + 1)")
      try connection.execute("PRAGMA writable_schema = OFF")
      try connection.execute(
        """
        DELETE FROM book_counts WHERE status = 'paused';
        DELETE FROM schema_migrations WHERE name = 'paused-status';
        """)
    }
    #expect(throws: (any Error).self) {
      try connection.run("UPDATE books SET status = 'paused' WHERE id = ?", [.integer(book.id)])
    }
    let reopened = SQLiteLibrary(path: path)
    _ = try await reopened.apply(.setStatus(book.id, .paused, at: Date(), reread: nil))
    #expect(try await reopened.book(id: book.id)?.status == .paused)
    #expect(try await reopened.overview(notes: 0).counts[.paused] == 1)
    let check = try SQLiteConnection(path: path, mode: .readOnly)
    #expect(try check.all("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
  }
}
