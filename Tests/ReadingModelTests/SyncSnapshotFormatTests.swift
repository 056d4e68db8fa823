import Foundation
import ReadingModel
import Testing

/// `snapshot.json` in format 2: a first line of what covers the books, then a line a book,
/// read over the cores; format 1 (every book in one line) is still read, and a cut or
/// damaged file is not read at all (the journals hold everything).
@MainActor
@Suite struct SyncSnapshotFormatTests {
  let temporary = TemporaryFolder()

  /// The snapshot of a synced library of `books` books, and its library id.
  func snapshot(books: Int) async throws -> (SyncSnapshot, String) {
    let library = SQLiteLibrary(path: temporary.path("library.sqlite"))
    for index in 0..<books {
      try await library.apply(
        .addBook(
          try NewBook(
            title: "Book \(index)", authors: ["Author"], pageCount: 200, status: .wantToRead)))
    }
    let id = try #require(try await library.libraryID())
    let folder = try SyncFolder.create(at: temporary.path("sync"), library: id)
    let (setup, run) = try await syncingDevice("first", library, folder: folder)
    _ = try await run.run(setup)
    return (try await library.syncSnapshot(), id)
  }

  func lines(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func aBookALineAfterTheFirstAndReadBackWhole() async throws {
    let (snapshot, id) = try await snapshot(books: 300)  // enough to be read over the cores
    let data = snapshot.data(library: id)
    let lines = lines(data)
    #expect(lines.count == 301)
    #expect(lines[0].contains(#""books":300"#) && lines[0].contains(#""version":2"#))
    #expect(SyncSnapshot(bytes: Array(data), library: id) == snapshot)
    #expect(SyncSnapshot(bytes: Array(data), library: "another library") == nil)
  }

  @Test func formatOneIsStillRead() async throws {
    let (snapshot, id) = try await snapshot(books: 3)
    let lines = lines(snapshot.data(library: id))
    let books = "[" + lines.dropFirst().joined(separator: ",") + "]"
    let first = lines[0].replacingOccurrences(of: #""books":3"#, with: #""books":"# + books)
      .replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
    #expect(SyncSnapshot(bytes: Array((first + "\n").utf8), library: id) == snapshot)
  }

  @Test func aCutOrDamagedSnapshotIsNotRead() async throws {
    let (snapshot, id) = try await snapshot(books: 4)
    let lines = lines(snapshot.data(library: id))
    let cut = lines.dropLast().joined(separator: "\n") + "\n"
    #expect(SyncSnapshot(bytes: Array(cut.utf8), library: id) == nil)
    var damaged = lines
    damaged[2] = "\u{1B}[2J not a book"
    #expect(SyncSnapshot(bytes: Array(damaged.joined(separator: "\n").utf8), library: id) == nil)
  }
}
