import Foundation
import Testing

@testable import ReadingModel

/// Migrations are recorded by name: a library made when they were numbered opens and is
/// upgraded as before, a missing one is applied by its name, and a library that records one
/// this build does not know is refused, untouched.
@Suite struct NamedMigrationTests {
  let folder = TemporaryFolder()

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

  /// The tables, indexes and triggers of the library at `path`, as SQLite keeps them.
  func schema(_ path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    return try connection.all(
      "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name"
    ) { $0.text(0) }
  }

  /// What `schema_migrations` records, as `version name` lines.
  func record(_ path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, mode: .readOnly)
    return try connection.all("SELECT version, name FROM schema_migrations ORDER BY version") {
      "\($0.int64(0)) \($0.optionalText(1) ?? "-")"
    }
  }

  @Test func everyMigrationHasANameOfItsOwnAndTheNumberedOnesKeepTheirs() {
    let names = Schema.migrations.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { !$0.isEmpty })
    #expect(Array(names.prefix(Schema.numberedNames.count)) == Schema.numberedNames)
    #expect(Schema.numberedNames.count == 12)
  }

  @Test(arguments: [1, 4, 7, 11])
  func aNumberedLibraryIsUpgradedToWhatANewOneIs(migrations count: Int) async throws {
    let old = try numberedLibrary("old-\(count).sqlite", migrations: count)
    let added = try await SQLiteLibrary(path: old).add(try sampleBook(0))
    let fresh = folder.path("fresh-\(count).sqlite")
    _ = try await SQLiteLibrary(path: fresh).add(try sampleBook(0))
    #expect(try schema(old) == schema(fresh))
    let expected = Schema.migrations.enumerated().map { "\($0.offset + 1) \($0.element.name)" }
    #expect(try record(old) == expected)
    #expect(try record(fresh) == expected)
    #expect(try await SQLiteLibrary(path: old).book(id: added.id)?.title == added.title)
  }

  @Test func aLibraryWithEveryNumberedMigrationGetsOnlyTheNamedOnesAfterThem() async throws {
    let old = try numberedLibrary("old.sqlite", migrations: Schema.numberedNames.count)
    #expect(try await SQLiteLibrary(path: old).page(PageQuery()).books.isEmpty)
    let expected = Schema.migrations.enumerated().map { "\($0.offset + 1) \($0.element.name)" }
    #expect(try record(old) == expected)
  }

  @Test func aCurrentLibraryOpensWithoutAWrite() async throws {
    let path = folder.path("current.sqlite")
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try await SQLiteLibrary(path: path).page(PageQuery()).books.count == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aMigrationMissingFromTheMiddleIsAppliedByItsName() async throws {
    let path = folder.path("gap.sqlite")
    let skipped = Schema.unknownDatesAdded.name
    let connection = try SQLiteConnection(path: path, mode: .create)
    try connection.writeTransaction {
      var version: Int64 = 0
      for migration in Schema.migrations where migration.name != skipped {
        try connection.execute(migration.sql)
        try migration.backfill?(connection)
        if version == 0 {
          try connection.execute("ALTER TABLE schema_migrations ADD COLUMN name TEXT")
        }
        version += 1
        try connection.run(
          "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, 0)",
          [.integer(version), .text(migration.name)])
      }
      try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
    }
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    #expect(try record(path).last == "\(Schema.migrations.count) \(skipped)")
    let columns = try SQLiteConnection(path: path, mode: .readOnly).all(
      "SELECT name FROM pragma_table_info('book_details')"
    ) { $0.text(0) }
    #expect(columns.contains("date_added_unknown"))
  }

  @Test func aLibraryRecordingAMigrationThisBuildDoesNotKnowIsRefusedUntouched() async throws {
    let path = folder.path("newer.sqlite")
    _ = try await SQLiteLibrary(path: path).add(try sampleBook(0))
    try runSQL(
      path,
      """
      PRAGMA journal_mode = DELETE;
      INSERT INTO schema_migrations (version, name, applied_ms)
      SELECT max(version) + 1, 'from-the-future', 0 FROM schema_migrations;
      """)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let expected = LibraryError.unknownMigrations(path: path, names: ["from-the-future"])
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).page(PageQuery()) }
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).add(try sampleBook(1)) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(expected.errorDescription?.contains("from-the-future") == true)
  }

  @Test func aNumberedVersionPastTheNumberedMigrationsIsANewerSchema() async throws {
    let path = try numberedLibrary("numbered-newer.sqlite", migrations: 12)
    try runSQL(path, "INSERT INTO schema_migrations (version, applied_ms) VALUES (13, 0)")
    let expected = LibraryError.newerSchema(path: path, found: 13, supported: Schema.currentVersion)
    await #expect(throws: expected) { try await SQLiteLibrary(path: path).page(PageQuery()) }
  }
}
