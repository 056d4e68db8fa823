import CSQLite
import Foundation
import Testing

@testable import ReadingModel

#if canImport(Glibc)
  import Glibc
#endif

/// The library file's lifecycle: repair writes into the file others have open, writes wait
/// for a repair's lock, and bookclub's temporary files are recognised by their names.
@Suite struct LibraryLifecycleTests {
  let folder = TemporaryFolder()
  var path: String { folder.path("library.sqlite") }

  /// Makes the counts per status wrong, as another program could.
  func damageCounts() throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure() }
    defer { sqlite3_close(handle) }
    let sql = "UPDATE book_counts SET books = books + 7"
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw Failure() }
  }

  struct Failure: Error {}

  func titles() async throws -> Set<String> {
    Set(try await SQLiteLibrary(path: path).page(PageQuery(limit: 100)).books.map(\.book.title))
  }

  @Test func aConnectionOpenDuringARepairWritesIntoTheRepairedLibrary() async throws {
    let writer = SQLiteLibrary(path: path)
    _ = try await writer.add(try sampleBook(0))
    try damageCounts()
    #expect(try await !SQLiteLibrary(path: path).check().isSound)
    let report = try await SQLiteLibrary(path: path).repair()
    #expect(report != nil)
    // `writer` kept its connection (and the WAL) open through the repair.
    let added = try await writer.add(try sampleBook(1))
    #expect(try await titles() == [try sampleBook(0).title, added.title])
    #expect(try await SQLiteLibrary(path: path).check().isSound)
  }

  @Test func aRepairKeepsTheRecordOfChangesSoTheLastChangeIsStillUndone() async throws {
    let library = SQLiteLibrary(path: path)
    let book = try await library.add(try sampleBook(0))
    try await library.apply(.edit(book.id, .rating(Rating("4"))))
    try damageCounts()
    #expect(try await SQLiteLibrary(path: path).repair() != nil)
    let repaired = SQLiteLibrary(path: path)
    #expect(try await repaired.changeToUndo()?.kind == .rate)
    try await repaired.undo(of: book.id, expecting: nil)
    #expect(try await repaired.details(of: book.id).rating == nil)
  }

  @Test func aRepairKeepsHowTheLibrarySyncsAndWhatItHasStillToSend() async throws {
    let library = SQLiteLibrary(path: path)
    let book = try await library.add(try sampleBook(0))
    let setup = SyncSetup(
      device: try #require(SyncDeviceID("laptop")), name: "laptop", folder: folder.path("sync"),
      usesGit: false)
    try await library.startSyncing(setup, libraryID: UUID().uuidString)
    try await library.apply(.edit(book.id, .rating(Rating("4"))))
    let before = try await library.syncCounts()
    try damageCounts()
    #expect(try await SQLiteLibrary(path: path).repair() != nil)
    let repaired = SQLiteLibrary(path: path)
    #expect(try await repaired.syncSetup() == setup)
    #expect(try await repaired.syncCounts() == before)
  }

  @Test func aRepairOfASoundLibraryDoesNothing() async throws {
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    #expect(try await SQLiteLibrary(path: path).repair() == nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(!names.contains { $0.contains(".damaged") })
  }

  @Test func aWriteWaitsWhileARepairHoldsTheLock() async throws {
    let library = SQLiteLibrary(path: path)
    _ = try await library.add(try sampleBook(0))
    let lock = try #require(
      try LibraryLock.attempt(.exclusive, at: LibraryLock.path(of: path), library: path))
    let write = Task { try await library.add(try sampleBook(1)) }
    // A thread's sleep, not a task's: the waiting write holds one of the pool's threads, and
    // on a busy run a task could wake only after the write's whole wait (10 s) is over.
    usleep(200_000)
    // Nothing can be written while the lock is held.
    #expect(try await titles() == [try sampleBook(0).title])
    _ = consume lock
    _ = try await write.value
    #expect(try await titles().count == 2)
  }

  @Test func sharedLocksDoNotExcludeEachOtherButExcludeARepair() throws {
    let lockPath = LibraryLock.path(of: path)
    let first = try LibraryLock.attempt(.shared, at: lockPath, library: path)
    let second = try LibraryLock.attempt(.shared, at: lockPath, library: path)
    #expect(first != nil && second != nil)
    #expect(try LibraryLock.attempt(.exclusive, at: lockPath, library: path) == nil)
  }

  @Test func temporaryNamesAreRecognisedOnlyWhenTheyAreBookclubsOwn() {
    let name = TemporaryFiles.name(for: "out.json")
    #expect(TemporaryFiles.owner(of: name, madeFor: "out.json") == getpid())
    #expect(TemporaryFiles.owner(of: "out.json.tmp-12-34", madeFor: "out.json") == 12)
    for other in [
      "out.json.tmp-12", "out.json.tmp-x-34", "out.json.tmp-12-34-5", "out.json.tmp--34",
      "other.json.tmp-12-34", "out.json.tmp-0-1", "out.json",
    ] {
      #expect(TemporaryFiles.owner(of: other, madeFor: "out.json") == nil, "\(other)")
    }
  }

  @Test func aRepairsLitterIsRemovedOnlyWhenItsProcessIsGone() throws {
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    let gone = Int32.max - 1  // no such process
    let litter = [
      "library.sqlite.repair-\(gone)", "library.sqlite.repair-\(gone)-journal",
      "library.sqlite.new-\(gone)-5-wal", "library.sqlite.damaged-20260101T000000.tmp-\(gone)-3",
      "library.sqlite.damaged-20260101T000000-wal",
    ]
    let kept = [
      "library.sqlite.repair-\(getpid())", "library.sqlite.damaged-20260102T000000",
      "library.sqlite.damaged-20260102T000000-wal", "library.sqlite.damaged",
      "library.sqlite.repair-notes", "library.sqlite.lock",
    ]
    for name in litter + kept {
      _ = FileManager.default.createFile(atPath: folder.path(name), contents: Data("x".utf8))
    }
    RepairLitter.remove(beside: path)
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
    #expect(names == Set(kept + ["library.sqlite"]))
  }
}
