import Foundation
import ReadingModel
import Testing

/// A snapshot says where each journal's covered lines end, so a new device reads on from
/// there; a point that is wrong (a damaged snapshot, a journal replaced) is never trusted,
/// and the lines are then skipped by their numbers as before.
@MainActor
@Suite struct SyncSnapshotPointTests {
  let temporary = TemporaryFolder()

  /// A folder whose one device wrote `books` books, synced.
  func folder(books: Int) async throws -> (SyncFolder, SyncSetup, SQLiteLibrary) {
    let first = SQLiteLibrary(path: temporary.path("first.sqlite"))
    for index in 0..<books {
      try await first.apply(
        .addBook(
          try NewBook(
            title: "Book \(index)", authors: ["Author"], pageCount: 200, status: .wantToRead)))
    }
    let folder = try SyncFolder.create(
      at: temporary.path("sync"), library: try #require(try await first.libraryID()))
    let (setup, run) = try await syncingDevice("first", first, folder: folder)
    _ = try await run.run(setup)
    return (folder, setup, first)
  }

  @Test func aNewDeviceReadsOnFromTheEndOfWhatTheSnapshotCovers() async throws {
    let (folder, setup, first) = try await folder(books: 20)
    var snapshot = try await first.syncSnapshot()
    let own = try #require(snapshot.covers[setup.device])
    let point = try #require(folder.endPoint(of: setup.device, sequence: own.sequence))
    let size =
      try FileManager.default.attributesOfItem(
        atPath: folder.path + "/devices/first.jsonl")[.size] as? Int
    #expect(point.offset == size)
    #expect(point.lineNumber == own.sequence)
    snapshot.points[setup.device] = point
    try folder.write(snapshot)

    let newcomer = SQLiteLibrary(path: temporary.path("new.sqlite"))
    let (newSetup, newRun) = try await syncingDevice("newcomer", newcomer, folder: folder)
    let joined = try await newRun.run(newSetup)
    #expect(joined.warnings.isEmpty, "\(joined.warnings)")
    #expect(joined.booksChanged == 20)
    let read = try await newcomer.syncDevices().first { $0.device == setup.device }
    #expect(read?.readPoint.offset == size, "read on from the snapshot's point")
    #expect(
      try await newcomer.archivePage(after: nil, limit: 50)
        == first.archivePage(after: nil, limit: 50))
  }

  @Test func aPointThatIsNotTheCoveredLineIsNotTrusted() async throws {
    let (folder, setup, _) = try await folder(books: 5)
    let end = try #require(folder.endPoint(of: setup.device, sequence: 6))
    // The same place, said to end another line: read from the start, skipping by number.
    var wrong = end
    wrong.lastSequence = 4
    #expect(folder.verified(wrong, of: setup.device) == ClubJournal.ReadPoint(lastSequence: 4))
    #expect(folder.endPoint(of: setup.device, sequence: 4) == nil)
    // A journal replaced by another of the same length: its bytes no longer hash the same.
    let path = folder.path + "/devices/first.jsonl"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "Book 4", with: "Book X").write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(folder.verified(end, of: setup.device) == ClubJournal.ReadPoint(lastSequence: 6))
  }
}
