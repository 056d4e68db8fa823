import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// A library records the folding its keys were made with; opened by a build with another
/// folding, it makes them again in one transaction, and at this build's folding it is left
/// as it is.
@Suite struct KeyRefoldingTests {
  let folder = TemporaryFolder()

  /// A library of two books whose keys, tags and folding version are set as an older
  /// build wrote them: kana kept their voiced marks, and the version was `version`.
  private func olderLibrary(version: String?) async throws -> String {
    let path = folder.path("library.sqlite")
    let library = SQLiteLibrary(path: path)
    _ = try await library.add(try NewBook(title: "ガラスの仮面", authors: ["美内すずえ"]))
    _ = try await library.add(try NewBook(title: "Émile", authors: ["Jean-Jacques Rousseau"]))
    let versionSQL =
      version.map {
        "UPDATE library_info SET value = '\($0)' WHERE key = 'folding_version';"
      } ?? "DELETE FROM library_info WHERE key = 'folding_version';"
    try SQLiteConnection(path: path, mode: .readWrite).execute(
      """
      UPDATE books SET title_key = title, search_text = title || ' ' || authors,
        match_title = title, author_sort = '' WHERE id = 1;
      INSERT INTO book_tags (tag_key, book_id, tag) VALUES ('ガラス', 1, 'ガラス');
      \(versionSQL)
      """)
    return path
  }

  private func column(_ sql: String, at path: String) throws -> [String] {
    try SQLiteConnection(path: path, mode: .readOnly).all(sql) { $0.text(0) }
  }

  @Test func keysOfAnotherFoldingAreMadeAgainOnOpenAndSearchFindsTheBooks() async throws {
    let path = try await olderLibrary(version: "unicode-14.0.0/rules-0")
    let library = SQLiteLibrary(path: path)
    let found = try await library.page(PageQuery(search: "カラス"))
    #expect(found.books.map(\.book.title) == ["ガラスの仮面"])
    let tagged = try await library.page(PageQuery(tags: ["カラス"]))
    #expect(tagged.books.map(\.book.title) == ["ガラスの仮面"])
    let keys = BookKeys(title: "ガラスの仮面", authors: ["美内すずえ"])
    #expect(
      try column(
        "SELECT title_key || '|' || search_text || '|' || match_title || '|' || author_sort"
          + " FROM books WHERE id = 1", at: path)
        == ["\(keys.titleKey)|\(keys.searchText)|\(keys.matchTitle)|\(keys.authorSort)"])
    #expect(keys.titleKey == "カラスの仮面")
    #expect(
      try column("SELECT value FROM library_info WHERE key = 'folding_version'", at: path)
        == [SearchKey.foldingVersion])
  }

  @Test func aLibraryThatNamesNoFoldingIsRefolded() async throws {
    let path = try await olderLibrary(version: nil)
    let found = try await SQLiteLibrary(path: path).page(PageQuery(search: "カラス"))
    #expect(found.books.map(\.book.title) == ["ガラスの仮面"])
    #expect(
      try column("SELECT value FROM library_info WHERE key = 'folding_version'", at: path)
        == [SearchKey.foldingVersion])
  }

  @Test func aLibraryAtThisFoldingIsNotRewrittenOnOpen() async throws {
    let path = try await olderLibrary(version: SearchKey.foldingVersion)
    let before = try column("SELECT title_key || '|' || search_text FROM books", at: path)
    let found = try await SQLiteLibrary(path: path).page(PageQuery(search: "カラス"))
    // The stale keys are still there: nothing was refolded.
    #expect(found.books.isEmpty)
    #expect(try column("SELECT title_key || '|' || search_text FROM books", at: path) == before)
    #expect(before.first == "ガラスの仮面|ガラスの仮面 美内すずえ")
  }

  @Test func aNewLibraryNamesThisBuildsFolding() async throws {
    let path = folder.path("new.sqlite")
    _ = try await SQLiteLibrary(path: path).add(try NewBook(title: "Emma", authors: ["Austen"]))
    #expect(
      try column("SELECT value FROM library_info WHERE key = 'folding_version'", at: path)
        == [SearchKey.foldingVersion])
  }
}
