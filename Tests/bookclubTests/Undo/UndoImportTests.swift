import Foundation
import Testing

/// `bookclub undo` after an import, end to end: the import is one change, taken back and
/// put back whole; one of its books is not taken back alone.
@Suite struct UndoImportTests: LibraryCommandSuite {
  let home = TestHome()

  static let export = """
    Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,Date Read,Date Added,Bookshelves,Exclusive Shelf
    11,Emma,Jane Austen,,,="9780141439587",5,474,2024/01/24,2024/01/02,,read
    12,Persuasion,Jane Austen,,,,4,,2024/03/01,2024/02/01,,read
    13,Middlemarch,George Eliot,,,,0,,,2024/02/01,,to-read

    """

  @discardableResult
  func run(_ arguments: [String], status: Int32) async throws -> BookclubProcess.Result {
    let result = try await run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)")
    return result
  }

  func titles() async throws -> [String] {
    let books = try #require(try await json(["list", "--all"])["books"] as? [[String: Any]])
    return books.compactMap { $0["title"] as? String }
  }

  @Test func anImportIsUndoneAndRedoneWhole() async throws {
    try await run(["add", "Emma", "--author", "Jane Austen"], status: 0)
    try await run(["rate", "1", "3"], status: 0)
    let file = home.path("goodreads_library_export.csv")
    try Self.export.write(toFile: file, atomically: false, encoding: .utf8)
    try await run(["import", file], status: 0)
    #expect(try await titles() == ["Emma", "Persuasion", "Middlemarch"])
    #expect(
      try await json(["show", "1"])["book"].flatMap { $0 as? [String: Any] }?["status"] as? String
        == "finished")

    let summary = "the import of “goodreads_library_export.csv” (Goodreads: 2 added, 1 updated)"
    let refused = try await run(["undo", "Emma", "--force"], status: 1)
    #expect(refused.stderr.contains("The last change to “Emma” was \(summary)"))
    let undid = try await run(["undo", "--force"], status: 0)
    #expect(undid.stderr == "Undid \(summary).\n")
    #expect(try await titles() == ["Emma"])
    #expect(
      try await json(["show", "1"])["book"].flatMap { $0 as? [String: Any] }?["status"] as? String
        == "want")

    let redone = try await json(["redo", "--force"])
    #expect(redone["action"] as? String == "redo")
    #expect(redone["kind"] as? String == "import")
    #expect(redone["summary"] as? String == summary)
    #expect(try await titles() == ["Emma", "Persuasion", "Middlemarch"])
    // The rating before the import is the book's own change again, once the import is undone.
    try await run(["undo", "--force"], status: 0)
    let rating = try await run(["undo", "Emma", "--force"], status: 0)
    #expect(rating.stderr.contains("Undid the rating of “Emma”"))
  }
}
