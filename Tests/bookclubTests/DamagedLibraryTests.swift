import CSQLite
import Foundation
import Testing

/// Every kind of file that is not a sound library gets a clear error, exit 1, and is left
/// byte for byte as it was; a damaged library is never written, and `check` and `repair`
/// recover it.
@Suite struct DamagedLibraryTests: LibraryCommandSuite {
  let home = TestHome()

  /// A library of `books` books, made by one import, with its WAL folded into the file.
  func makeLibrary(books: Int, at path: String) async throws {
    let csv = home.path("fixture.csv")
    try GeneratedExport.goodreads(rows: books).write(
      toFile: csv, atomically: false, encoding: .utf8)
    #expect(try await run(["import", csv], library: path).status == 0)
    try sql(path, "PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// Runs SQL with SQLite directly, returning the first column of each row.
  @discardableResult
  func sql(_ path: String, _ text: String) throws -> [String] {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure() }
    defer { sqlite3_close(handle) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, text, -1, &statement, nil) == SQLITE_OK else {
      throw Failure()
    }
    defer { sqlite3_finalize(statement) }
    var rows: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
    }
    return rows
  }

  struct Failure: Error {}

  /// Overwrites one page of the file with zeros.
  func zero(page: Int, of path: String) throws {
    let pageSize = Int(try sql(path, "PRAGMA page_size").first ?? "4096") ?? 4096
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: UInt64((page - 1) * pageSize))
    try handle.write(contentsOf: Data(count: pageSize))
    try handle.close()
  }

  /// Times at the ends of 64 bits of milliseconds (a library edited by hand) are shown,
  /// listed and exported; every command that reads them trapped on an overflow before.
  @Test func timesAtTheEndsOfTheRangeAreShownNotTrappedOn() async throws {
    try await makeLibrary(books: 3, at: library)
    try sql(
      library,
      "UPDATE books SET added_ms = -9223372036854775808, updated_ms = -9223372036854775808 WHERE id = 1"
    )
    try sql(
      library,
      "UPDATE books SET added_ms = 9223372036854775807, updated_ms = 9223372036854775807 WHERE id = 2"
    )
    for arguments in [
      ["show", "1"], ["show", "2"], ["progress", "show", "1"], ["list"], ["list", "--json"],
      ["list", "--sort", "added"], ["export"], ["export", "--format", "goodreads"],
      ["export", "--format", "storygraph"], ["stats", "--json"], ["status"],
    ] {
      let result = try await run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    #expect(try await run(["show", "2"]).stdout.contains("Added"))
  }

  @Test func repairKeepsTagsHistoryAndTrashAndRecountsStatuses() async throws {
    try await run(["add", "Emma", "-a", "Jane Austen"])
    try await run(["add", "Persuasion", "-a", "Jane Austen"])
    try await run(["tag", "emma", "classics"])
    try await run(["edit", "emma", "--pages", "474"])
    try await run(["remove", "persuasion", "--force"])
    // Counts written behind bookclub's back: check says so, repair counts again.
    _ = try sql(library, "UPDATE book_counts SET books = 99 WHERE status = 'want'")
    let check = try await run(["check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("the number of books per status is out of step"))
    let repair = try await run(["repair"])
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(try await run(["check"]).status == 0)
    #expect(try await run(["list", "--json"]).stdout.hasSuffix(",\"total\":1}\n"))
    #expect(try await run(["tags"]).stdout == "classics  1\n")
    #expect(try await run(["list", "--search", "austen"]).stdout.contains("Emma"))
    #expect(try await run(["show", "emma"]).stdout.contains("pages: (empty) → 474"))
    #expect(try await run(["trash"]).stdout.contains("Persuasion"))
    #expect(try await run(["restore", "persuasion"]).status == 0)
  }

  @Test func aDamagedIndexPageIsNeverWrittenAndIsRepairedWithNoRowLost() async throws {
    try await makeLibrary(books: 300, at: library)
    try await run(["progress", "set", "1", "10%", "--note", "kept through the repair"])
    try sql(library, "PRAGMA wal_checkpoint(TRUNCATE)")
    let exportBefore = try await run(["export"]).stdout
    let page = try #require(
      Int(try sql(library, "SELECT pageno FROM dbstat WHERE name = 'books_by_title'").first ?? ""))
    try zero(page: page, of: library)
    let damaged = try Data(contentsOf: URL(fileURLWithPath: library))

    let listed = try await run(["list", "--sort", "title"])
    #expect(listed.status == 1)
    #expect(listed.stderr.contains("is damaged"))
    #expect(listed.stderr.contains("bookclub check"))
    #expect(FileManager.default.fileExists(atPath: library + ".damaged"))
    for write in [
      ["add", "New", "-a", "Someone"], ["progress", "set", "2", "5%"], ["status", "3", "reading"],
    ] {
      let refused = try await run(write)
      #expect(refused.status == 1, "\(write)")
      #expect(refused.stderr.contains("was found damaged, so bookclub will not write to it"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == damaged)

    let check = try await run(["check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("is damaged:"))
    #expect(check.stdout.contains("the index books_by_title cannot be read"))
    #expect(check.stdout.contains("no row is lost"))
    #expect(check.stdout.contains("300 books"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == damaged)

    let repair = try await run(["repair"])
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(repair.stdout.contains("Nothing was lost."))
    #expect(repair.stdout.contains("300 books rows"))
    let backups = try FileManager.default.contentsOfDirectory(atPath: home.url.path)
      .filter { $0.hasPrefix("library.sqlite.damaged-") }
    #expect(backups.count == 1)
    #expect(try Data(contentsOf: home.url.appendingPathComponent(backups[0])) == damaged)
    #expect(!FileManager.default.fileExists(atPath: library + ".damaged"))

    #expect(try await run(["check"]).stdout.contains("is sound: 300 books and 1 progress entries"))
    #expect(try await run(["export"]).stdout == exportBefore)
    #expect(try await run(["list", "--sort", "title", "--limit", "3"]).status == 0)
    #expect(try await run(["add", "After the repair", "-a", "Someone"]).status == 0)
  }

  /// Each kind of damage, and what bookclub must say about it.
  struct Kind: CustomStringConvertible, Sendable {
    var name: String
    var says: String
    var description: String { name }
  }

  static let kinds: [Kind] = [
    Kind(name: "random bytes", says: "is not a bookclub library"),
    Kind(name: "empty file", says: "is an empty file"),
    Kind(name: "truncated library", says: "damaged"),
    Kind(name: "another program's database", says: "is not a bookclub library"),
    Kind(name: "JSON", says: "is not a bookclub library"),
    Kind(name: "directory", says: "it is a folder"),
    Kind(name: "FIFO", says: "it is a FIFO"),
    Kind(name: "newer schema", says: "was written by a newer bookclub"),
    Kind(name: "damaged index page", says: "damaged"),
    Kind(name: "symlink loop", says: "its symbolic links form a loop"),
  ]

  /// Makes a damaged file of `kind` at `path`.
  ///
  /// - Returns: `false` when the kind cannot be made here. (A read-only library is not
  ///   refused: it is read as it is; see `ReadOnlyLibraryTests`.)
  func make(_ kind: Kind, at path: String) async throws -> Bool {
    let url = URL(fileURLWithPath: path)
    switch kind.name {
    case "random bytes":
      var generator = SystemRandomNumberGenerator()
      try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
    case "empty file": try Data().write(to: url)
    case "truncated library":
      try await makeLibrary(books: 200, at: path)
      let data = try Data(contentsOf: url)
      try data.prefix(data.count / 2).write(to: url)
    case "another program's database": try sql(path, "CREATE TABLE notes (body TEXT)")
    case "JSON": try Data("{\"books\": []}".utf8).write(to: url)
    case "directory":
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    case "FIFO": guard mkfifo(path, 0o600) == 0 else { throw Failure() }
    case "newer schema":
      try await makeLibrary(books: 3, at: path)
      try sql(path, "INSERT INTO schema_migrations (version, applied_ms) VALUES (99, 0)")
      try sql(path, "PRAGMA wal_checkpoint(TRUNCATE)")
    case "damaged index page":
      try await makeLibrary(books: 300, at: path)
      let page =
        Int(try sql(path, "SELECT pageno FROM dbstat WHERE name = 'books_by_title'").first ?? "")
        ?? 2
      try zero(page: page, of: path)
    case "symlink loop":
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
    default: return false
    }
    return true
  }

  @Test(arguments: kinds)
  func everyKindOfDamageIsRefusedAndLeftAlone(_ kind: Kind) async throws {
    let path = home.path("damaged.sqlite")
    guard try await make(kind, at: path) else { return }
    let checksum = try? Data(contentsOf: URL(fileURLWithPath: path))
    for command in [["list", "--sort", "title"], ["add", "New", "-a", "Someone"]] {
      let result = try await run(command, library: path)
      #expect(result.status == 1, "\(kind) \(command): \(result.stderr)")
      #expect(result.stderr.contains(kind.says), "\(kind) \(command): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal error"))
    }
    if kind.name != "FIFO" && kind.name != "directory" && kind.name != "symlink loop" {
      let after = try? Data(contentsOf: URL(fileURLWithPath: path))
      #expect(after == checksum, "\(kind) changed")
    }
  }
}
