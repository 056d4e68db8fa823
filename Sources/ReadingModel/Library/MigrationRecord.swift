#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which of the schema's migrations a library has applied, as its `schema_migrations`
/// table records them.
///
/// Each applied migration is a row: its ``Schema/Migration/name`` and a version, one more
/// than the highest before it (the order they were applied in, not their place in
/// ``Schema/migrations``). A library made before migrations had names has rows of versions
/// only, 1 to at most 12, the numbered migrations of ``Schema/numberedNames``; the first
/// migration applied to it adds the `name` column and names those rows. A bookclub from
/// before names refuses a library whose highest version is above the 12 it knew, so it
/// never opens one that a newer bookclub migrated further.
struct MigrationRecord {
  /// The names of the migrations applied.
  private(set) var names: Set<String> = []
  /// Versions recorded without a name that no numbered migration had (a newer bookclub's).
  private(set) var unnamedVersions: [Int] = []
  /// The highest version recorded; 0 in a new library.
  private(set) var highestVersion = 0
  /// Whether `schema_migrations` has its `name` column.
  private var hasNameColumn = false

  /// A library with no migrations applied yet: a new file.
  init() {}

  /// The versions a record may hold: one per migration applied, counted from 1. No
  /// bookclub writes one outside them; a damaged or hostile file may, and the next version
  /// after a huge one would not even be a number.
  static let possibleVersions: ClosedRange<Int64> = 1...1_000_000

  /// Reads the record of a bookclub library.
  ///
  /// - Parameters:
  ///   - connection: The library's connection.
  ///   - library: The library's path, for the error.
  /// - Throws: ``LibraryError/damaged(path:detail:)`` for a version outside
  ///   ``possibleVersions``; SQLite's errors.
  init(reading connection: SQLiteConnection, of library: String) throws {
    // One statement where the record has names (every library since names came): a
    // statement compiled is most of what opening a library costs.
    hasNameColumn = true
    do {
      try read("SELECT version, name FROM schema_migrations", on: connection, of: library)
    } catch let error as SQLiteError where error.isMissing("column") {
      hasNameColumn = false
      try read("SELECT version, NULL FROM schema_migrations", on: connection, of: library)
    }
  }

  /// Reads the record's rows with `sql` (a version and a name, or NULL, each).
  private mutating func read(_ sql: String, on connection: SQLiteConnection, of library: String)
    throws
  {
    try connection.forEach(sql) { row in
      let stored = row.int64(0)
      guard Self.possibleVersions.contains(stored) else {
        throw LibraryError.damaged(
          path: library,
          detail: "its record of migrations holds version \(stored), which no bookclub writes")
      }
      let version = Int(stored)
      highestVersion = max(highestVersion, version)
      if let name = row.optionalText(1) ?? Self.numberedName(version) {
        names.insert(name)
      } else {
        unnamedVersions.append(version)
      }
    }
  }

  /// The names recorded that no migration of this build has: the library was migrated by a
  /// newer bookclub.
  var unknownNames: [String] {
    let known = Set(Schema.migrations.map(\.name))
    return names.subtracting(known).sorted()
  }

  /// The migrations of this build the library lacks, in the order of ``Schema/migrations``.
  var pending: [Schema.Migration] {
    Schema.migrations.filter { !names.contains($0.name) }
  }

  /// Records `migration` as applied, naming the rows of an older library first.
  mutating func record(_ migration: Schema.Migration, on connection: SQLiteConnection) throws {
    if !hasNameColumn {
      try nameNumberedRows(on: connection)
    }
    highestVersion += 1
    try connection.run(
      "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)",
      [.integer(Int64(highestVersion)), .text(migration.name), .integer(Date().milliseconds)])
    names.insert(migration.name)
  }

  /// Adds the `name` column, and names the rows of numbered migrations. Called with the
  /// first migration applied (the table itself is made by the first migration of all).
  private mutating func nameNumberedRows(on connection: SQLiteConnection) throws {
    try connection.execute("ALTER TABLE schema_migrations ADD COLUMN name TEXT")
    for (offset, name) in Schema.numberedNames.enumerated() {
      try connection.run(
        "UPDATE schema_migrations SET name = ? WHERE version = ?",
        [.text(name), .integer(Int64(offset + 1))])
    }
    hasNameColumn = true
  }

  /// The name of the numbered migration `version`, as libraries from before names record it.
  private static func numberedName(_ version: Int) -> String? {
    Schema.numberedNames.indices.contains(version - 1) ? Schema.numberedNames[version - 1] : nil
  }
}
