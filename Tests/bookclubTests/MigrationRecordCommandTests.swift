import CSQLite
import Foundation
import Testing

/// A library whose record of migrations holds a version no bookclub writes (a damaged or
/// hostile file: huge, zero, negative) is refused as damaged, with exit 1, and left byte
/// for byte as it was.
@Suite struct MigrationRecordCommandTests: LibraryCommandSuite {
  let home = TestHome()

  struct Failure: Error {}

  /// Runs SQL on the library with SQLite directly.
  func sql(_ statements: [String]) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(library, &handle) == SQLITE_OK else { throw Failure() }
    defer { sqlite3_close(handle) }
    for statement in statements {
      guard sqlite3_exec(handle, statement, nil, nil, nil) == SQLITE_OK else { throw Failure() }
    }
  }

  @Test(arguments: [Int64.max, 1 << 40, 0, -1, Int64.min])
  func aVersionNoBookclubWritesIsRefusedAsDamageAndLeftAlone(version: Int64) async throws {
    #expect(try await run(["add", "Emma", "-a", "Jane Austen"]).status == 0)
    try sql([
      "PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA journal_mode = DELETE",
      "UPDATE schema_migrations SET version = \(version) "
        + "WHERE version = (SELECT max(version) FROM schema_migrations)",
    ])
    let before = try Data(contentsOf: URL(fileURLWithPath: library))
    for command in [["list"], ["add", "Persuasion", "-a", "Jane Austen"], ["status"]] {
      let result = try await run(command)
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(
        result.stderr == """
          Error: The library '\(library)' is damaged (its record of migrations holds version \
          \(version), which no bookclub writes). bookclub will not write to it until it is \
          repaired: run 'bookclub check' to see what is wrong, then 'bookclub repair'.

          """, "\(command)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before)
  }

  /// What the refusal says to do works: `check` finds the record damaged, `repair` rebuilds
  /// it with the schema, and every book is there again.
  @Test func checkFindsTheRecordAndRepairRebuildsIt() async throws {
    #expect(try await run(["add", "Emma", "-a", "Jane Austen"]).status == 0)
    try sql([
      "UPDATE schema_migrations SET version = \(Int64.max) "
        + "WHERE version = (SELECT max(version) FROM schema_migrations)"
    ])
    let checked = try await run(["check"])
    #expect(checked.status == 1)
    #expect(checked.stdout.contains("schema_migrations"), "\(checked.stdout)")
    let repaired = try await run(["repair"])
    #expect(repaired.status == 0, "\(repaired.stderr)")
    let listed = try await run(["list"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("Emma"))
  }
}
