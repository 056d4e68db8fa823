import CSQLite
import Foundation
import Synchronization
import Testing

@testable import ReadingModel

/// The record of migrations is read once per connection a library opens (again only under
/// the write lock of a migration), and a version in it that no bookclub writes (a damaged
/// or hostile file) is refused as damage, with nothing written.
@Suite struct MigrationRecordTests {
  let folder = TemporaryFolder()

  /// A current library of one book, in rollback-journal mode so that its file holds all of
  /// it (its bytes say whether anything was written).
  func currentLibrary(_ name: String) async throws -> String {
    let path = folder.path(name)
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    try runSQL(path, "PRAGMA journal_mode = DELETE")
    return path
  }

  /// A library as a bookclub of the numbered migrations made it: the first `count`
  /// migrations, each recorded by its version only.
  func numberedLibrary(_ name: String, migrations count: Int) throws -> String {
    let path = folder.path(name)
    let connection = try SQLiteConnection(path: path, mode: .create)
    try connection.writeTransaction {
      for (offset, migration) in Schema.migrations.prefix(count).enumerated() {
        try connection.execute(migration.sql)
        try migration.backfill?(connection)
        try connection.run(
          "INSERT INTO schema_migrations (version, applied_ms) VALUES (?, 0)",
          [.integer(Int64(offset + 1))])
      }
      try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
    }
    return path
  }

  func contents(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  // MARK: Read once

  @Test func aCurrentLibraryReadsItsRecordOncePerOpen() async throws {
    let path = try await currentLibrary("current.sqlite")
    var count = 0
    let reads = try await RecordReads.watch(path) {
      count = try await SQLiteLibrary(path: path).page(PageQuery()).books.count
    }
    #expect(count == 1)
    #expect(reads == 1)
    let writes = try await RecordReads.watch(path) {
      _ = try await SQLiteLibrary(path: path).add(try sampleBook(1))
    }
    #expect(writes == 1)
  }

  @Test func anOlderLibraryOpenedToReadReadsItOnceAndOnceMoreUnderTheMigrationsLock()
    async throws
  {
    let path = try numberedLibrary("old.sqlite", migrations: 11)
    var count = -1
    let reads = try await RecordReads.watch(path) {
      count = try await SQLiteLibrary(path: path).page(PageQuery()).books.count
    }
    #expect(count == 0)
    #expect(reads == 2)
    // Now current: one read.
    let again = try await RecordReads.watch(path) {
      _ = try await SQLiteLibrary(path: path).page(PageQuery())
    }
    #expect(again == 1)
  }

  @Test func anOlderLibraryOpenedToWriteReadsItOnceAndOnceMoreUnderTheMigrationsLock()
    async throws
  {
    let path = try numberedLibrary("old-write.sqlite", migrations: 11)
    let reads = try await RecordReads.watch(path) {
      _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    }
    #expect(reads == 2)
  }

  // MARK: Bounds

  static let impossibleVersions: [Int64] = [
    .min, -1, 0, MigrationRecord.possibleVersions.upperBound + 1, 1 << 40, .max,
  ]

  static func damage(_ path: String, version: Int64) -> LibraryError {
    .damaged(
      path: path,
      detail: "its record of migrations holds version \(version), which no bookclub writes")
  }

  @Test(arguments: impossibleVersions)
  func aCurrentLibraryRecordingAnImpossibleVersionIsRefusedUntouched(version: Int64)
    async throws
  {
    let path = try await currentLibrary("current-\(version).sqlite")
    try runSQL(
      path,
      "UPDATE schema_migrations SET version = \(version) "
        + "WHERE version = (SELECT max(version) FROM schema_migrations)")
    let before = try contents(path)
    let expected = Self.damage(path, version: version)
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).page(PageQuery()) }
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).add(try sampleBook(1)) }
    #expect(try contents(path) == before)
  }

  @Test(arguments: impossibleVersions)
  func anOlderLibraryRecordingAnImpossibleVersionIsRefusedUnmigrated(version: Int64)
    async throws
  {
    // Unnamed rows and a migration to record: the paths that overflowed.
    let path = try numberedLibrary("old-\(version).sqlite", migrations: 11)
    try runSQL(path, "UPDATE schema_migrations SET version = \(version) WHERE version = 11")
    let before = try contents(path)
    let expected = Self.damage(path, version: version)
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).page(PageQuery()) }
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).add(try sampleBook(1)) }
    #expect(try contents(path) == before)
  }

  @Test func theHighestPossibleVersionStillOpens() async throws {
    let path = try await currentLibrary("highest.sqlite")
    let highest = MigrationRecord.possibleVersions.upperBound
    try runSQL(
      path,
      "UPDATE schema_migrations SET version = \(highest) "
        + "WHERE version = (SELECT max(version) FROM schema_migrations)")
    #expect(try await SQLiteLibrary(path: path).page(PageQuery()).books.count == 1)
  }
}

/// Counts the statements that read a library's record of migrations, on every connection
/// SQLite opens in this process to a watched file (an auto-extension installs a trace).
enum RecordReads {
  /// Reads so far, by the real path of each watched library.
  private static let counts = Mutex<[String: Int]>([:])

  private static let installed: Void = {
    let entryPoint:
      @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeRawPointer?
      ) -> Int32 = { database, _, _ in
        sqlite3_trace_v2(database, UInt32(SQLITE_TRACE_STMT), RecordReads.traced, nil)
        return SQLITE_OK
      }
    sqlite3_auto_extension(unsafeBitCast(entryPoint, to: (@convention(c) () -> Void).self))
  }()

  private static let traced:
    @convention(c) (
      UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
    )
      -> Int32 = { _, _, statement, _ in
        guard let statement = OpaquePointer(statement), let sql = sqlite3_sql(statement),
          strncmp(sql, "SELECT version, ", 16) == 0,
          String(cString: sql).hasSuffix("FROM schema_migrations"),
          let file = sqlite3_db_filename(sqlite3_db_handle(statement), "main")
        else { return 0 }
        let path = String(cString: file)
        counts.withLock { $0[path]? += 1 }
        return 0
      }

  /// How many times `body` read the record of the library at `path`.
  static func watch(_ path: String, _ body: () async throws -> Void) async throws -> Int {
    _ = installed
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    counts.withLock { $0[real] = 0 }
    defer { _ = counts.withLock { $0.removeValue(forKey: real) } }
    try await body()
    return counts.withLock { $0[real] ?? 0 }
  }
}
