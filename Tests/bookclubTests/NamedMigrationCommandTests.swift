import CSQLite
import Foundation
import Testing

/// A library that records a migration this bookclub does not know (a newer bookclub made
/// it) is refused by name, with exit 1, and left byte for byte as it was.
@Suite struct NamedMigrationCommandTests: LibraryCommandSuite {
  let home = TestHome()

  struct Failure: Error {}

  /// Runs SQL with SQLite directly; `tolerating` failures of the statements it names.
  func sql(_ path: String, _ statements: [String], tolerating: Set<String> = []) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure() }
    defer { sqlite3_close(handle) }
    for statement in statements {
      let code = sqlite3_exec(handle, statement, nil, nil, nil)
      guard code == SQLITE_OK || tolerating.contains(statement) else { throw Failure() }
    }
  }

  /// A library of one book whose record names `names` as applied after its own migrations.
  func libraryRecording(_ names: [String]) async throws {
    #expect(try await run(["add", "Emma", "-a", "Jane Austen"]).status == 0)
    let addColumn = "ALTER TABLE schema_migrations ADD COLUMN name TEXT"
    var statements = ["PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA journal_mode = DELETE", addColumn]
    for name in names {
      let quoted = "'" + name.replacing("'", with: "''") + "'"
      statements.append(
        "INSERT INTO schema_migrations (version, name, applied_ms) "
          + "SELECT max(version) + 1, \(quoted), 0 FROM schema_migrations")
    }
    // A library made by this bookclub has the column already.
    try sql(library, statements, tolerating: [addColumn])
  }

  @Test func aLibraryWithAnUnknownMigrationIsRefusedByNameAndLeftAlone() async throws {
    try await libraryRecording(["folding-from-the-future"])
    let before = try Data(contentsOf: URL(fileURLWithPath: library))
    for command in [["list"], ["add", "Persuasion", "-a", "Jane Austen"], ["status"]] {
      let result = try await run(command)
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(
        result.stderr == """
          Error: The library '\(library)' was written by a newer bookclub (it records changes \
          to its tables that this one does not know: folding-from-the-future). Update bookclub \
          to use it; this one left it untouched.

          """, "\(command)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before)
  }

  @Test func hostileMigrationNamesAreShownShortAndEscaped() async throws {
    let long = "a" + String(repeating: "x", count: 10_000)
    try await libraryRecording(["\u{1B}[2Jwiped", long, "third", "fourth"])
    let result = try await run(["list"])
    #expect(result.status == 1)
    #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr)")
    #expect(result.stderr.contains("wiped"))
    #expect(result.stderr.contains("and 1 more"), "\(result.stderr)")
    #expect(result.stderr.count < 600, "\(result.stderr.count) characters")
  }
}
