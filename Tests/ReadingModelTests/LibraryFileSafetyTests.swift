import CSQLite
import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// A file bookclub cannot read is refused with a clear error and never written.
@Suite struct LibraryFileSafetyTests {
  let folder = TemporaryFolder()

  func write(_ data: Data, to name: String) throws -> String {
    let path = folder.path(name)
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Reading and writing `path` must both fail with `expected`, leaving the bytes alone.
  func expectRefused(_ path: String, with expected: LibraryError) async throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).page(PageQuery()) }
    await #expect(throws: expected) {
      try await SQLiteLibrary(path: path).add(try sampleBook(0))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let name = (path as NSString).lastPathComponent
    // The lock that writes and repairs take turns on stays once a write has made it.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0 != name + ".lock" }
    #expect(leftovers == [name])
  }

  @Test func randomBytesAreRefused() async throws {
    var generator = SeededGenerator(seed: 4096)
    let bytes = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let path = try write(bytes, to: "random.sqlite")
    try await expectRefused(path, with: .notALibrary(path: path))
  }

  @Test func aTextFileIsRefused() async throws {
    let path = try write(Data("title,author\nEmma,Austen\n".utf8), to: "books.csv")
    try await expectRefused(path, with: .notALibrary(path: path))
  }

  @Test func anotherProgramsDatabaseIsRefused() async throws {
    let path = folder.path("other.sqlite")
    try runSQL(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
    try await expectRefused(path, with: .notALibrary(path: path))
  }

  @Test func aNewerSchemaIsRefused() async throws {
    let path = folder.path("library.sqlite")
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    try runSQL(
      path,
      "PRAGMA journal_mode = DELETE; INSERT INTO schema_migrations (version, applied_ms) VALUES (99, 0);"
    )
    try await expectRefused(
      path, with: .newerSchema(path: path, found: 99, supported: Schema.currentVersion))
  }

  @Test func aDamagedLibraryIsReportedAndLeftAlone() async throws {
    let path = folder.path("library.sqlite")
    try await fill(SQLiteLibrary(path: path), count: 300)  // closed when it returns
    try runSQL(path, "PRAGMA journal_mode = DELETE;")
    // Overwrite the pages after the header with garbage, keeping the header intact.
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    let pageSize = 4096
    for offset in stride(from: pageSize, to: data.count, by: 1) { data[offset] = 0xA5 }
    try data.write(to: URL(fileURLWithPath: path))
    let before = data
    await #expect {
      try await SQLiteLibrary(path: path).page(PageQuery(limit: 1000))
    } throws: { error in
      guard let error = error as? LibraryError else { return false }
      if case .damaged(let damagedPath, _) = error { return damagedPath == path }
      return error == .notALibrary(path: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func anEmptyFileIsRefusedNotConverted() async throws {
    // Perhaps a library truncated by a crash: turning it into a new one would hide that.
    let path = try write(Data(), to: "empty.sqlite")
    try await expectRefused(path, with: .emptyFile(path: path))
  }

  @Test func anotherProgramsEmptyDatabaseIsRefused() async throws {
    let path = folder.path("empty-db.sqlite")
    try runSQL(path, "PRAGMA user_version = 7;")  // a valid database with no tables
    try await expectRefused(path, with: .notALibrary(path: path))
  }

  func fill(_ library: SQLiteLibrary, count: Int) async throws {
    try await library.bulkAdd((0..<count).map(sampleBook))
  }
}
