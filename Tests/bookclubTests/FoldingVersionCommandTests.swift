import CSQLite
import Foundation
import Testing

/// A library written by a build with another folding (older Unicode data, Foundation's
/// folding) is refolded when a command opens it: search finds its books by this build's
/// folding, and the library records the folding it now has.
@Suite struct FoldingVersionCommandTests: LibraryCommandSuite {
  let home = TestHome()

  /// Runs SQL statements with SQLite directly.
  private func execute(_ sql: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(library, &handle) == SQLITE_OK else { throw Failure() }
    defer { sqlite3_close(handle) }
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw Failure() }
  }

  private struct Failure: Error {}

  /// The titles `list --search <words>` finds.
  private func titles(searching words: String) async throws -> [String] {
    let books = try await json(["list", "--all", "--search", words])["books"] as? [[String: Any]]
    return (books ?? []).compactMap { $0["title"] as? String }
  }

  @Test func aLibraryOfAnotherFoldingIsRefoldedAndSearchFindsItsBooks() async throws {
    try await run(["add", "ガラスの仮面", "-a", "美内すずえ"])
    try await run(["add", "Émile", "-a", "Jean-Jacques Rousseau"])
    // As the build before issue 25 wrote it: kana kept their voiced marks, no version.
    try execute(
      """
      UPDATE books SET title_key = 'ガラスの仮面', search_text = 'ガラスの仮面 美内すずえ'
      WHERE title = 'ガラスの仮面';
      DELETE FROM library_info WHERE key = 'folding_version';
      """)
    #expect(try await titles(searching: "カラス") == ["ガラスの仮面"])
    #expect(try await titles(searching: "emile") == ["Émile"])
    #expect(try await titles(searching: "ガラス") == ["ガラスの仮面"])
  }
}
