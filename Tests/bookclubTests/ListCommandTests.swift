import Foundation
import ReadingModel
import TestSupport
import Testing

/// `bookclub list`, run as a binary against real libraries.
@Suite struct ListCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }

  func fill(count: Int) async throws {
    let authors = ["Jane Austen", "Émile Zola", "george eliot", "Leo Tolstoy", "Ōe Kenzaburō"]
    try await SQLiteLibrary(path: library).bulkAdd(
      (0..<count).map { index in
        try NewBook(
          title: ["The ", "", "a "][index % 3] + "Book \(count - index)",
          authors: [authors[index % authors.count]], pageCount: 50 + index,
          status: ReadingStatus.allCases[index % 4])
      })
  }

  /// The ids and `next` cursor of a `--json` page.
  func jsonPage(_ arguments: [String]) async throws -> (ids: [Int], next: String?) {
    let result = try await home.bookclub.run(
      ["list", "--json"] + arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let books = try #require(object?["books"] as? [[String: Any]])
    return (books.compactMap { $0["id"] as? Int }, object?["next"] as? String)
  }

  @Test(arguments: ["id", "title", "author", "updated", "rating", "finished", "added"])
  func cursorsWalkTheSame250BooksAsAll(sort: String) async throws {
    try await fill(count: 250)
    let all = try await jsonPage(["--all", "--sort", sort])
    #expect(all.ids.count == 250)
    #expect(Set(all.ids).count == 250)
    #expect(all.next == nil)
    var walked: [Int] = []
    var cursor: String?
    repeat {
      let page = try await jsonPage(
        ["--limit", "7"] + (cursor.map { ["--after", $0] } ?? []) + ["--sort", sort])
      #expect(page.ids.count == 7 || page.next == nil)
      walked += page.ids
      cursor = page.next
    } while cursor != nil && walked.count <= 250
    #expect(walked == all.ids)
  }

  @Test func aPageEndsWithAFooterNamingTheNextCommand() async throws {
    try await fill(count: 20)
    let first = try await home.bookclub.run(["list", "--limit", "7", "--library", library])
    #expect(first.status == 0)
    let rows = first.stdout.split(separator: "\n")
    #expect(rows.count == 8)  // header and seven books
    #expect(rows[0].hasPrefix("ID  TITLE"))
    let footer = try #require(first.stderr.split(separator: "\n").last)
    #expect(footer.hasPrefix("Showing 1–7 of 20 · next: bookclub list --after "))
    #expect(footer.hasSuffix(" --limit 7"))
    // The hint works as printed.
    let hint = footer.split(separator: " ").dropFirst(7).map(String.init)
    let second = try await home.bookclub.run(hint + ["--library", library])
    #expect(second.status == 0)
    #expect(second.stderr.hasPrefix("Showing 8–14 of 20 · next: "))
    let lastIDs = try await jsonPage(["--after", String(hint[2]), "--limit", "7"]).ids
    #expect(lastIDs == Array(8...14))
  }

  @Test func theLastPageHasNoFooter() async throws {
    try await fill(count: 5)
    let result = try await home.bookclub.run(["list", "--library", library])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.split(separator: "\n").count == 6)
  }

  @Test func rowsShowStatusAndProgress() async throws {
    let archive = LibraryArchive(books: [
      .init(
        book: Book(
          id: 7, title: "Middlemarch", authors: ["George Eliot"], pageCount: 880,
          status: .reading, dateAdded: Date(milliseconds: 0), dateUpdated: Date(milliseconds: 0)),
        progress: ReadingProgress(entries: [.init(progress: 0.52, time: Date(milliseconds: 5))]))
    ])
    try await SQLiteLibrary(path: library).restore(archive)
    let result = try await home.bookclub.run(["list", "--library", library])
    #expect(
      result.stdout.split(separator: "\n").last
        == " 7  Middlemarch                George Eliot        reading       █████░░░░░  52%")
    let json = try await home.bookclub.run(["list", "--json", "--library", library])
    #expect(
      json.stdout.contains("\"progress\":0.52,\"status\":\"reading\",\"title\":\"Middlemarch\""))
  }

  @Test func filtersAndSearchIgnoringAccents() async throws {
    try await fill(count: 10)
    let zola = try await jsonPage(["--search", "EMILE zola"])
    #expect(zola.ids == [2, 7])
    let finished = try await jsonPage(["--status", "finished"])
    #expect(finished.ids == [3, 7])
    let none = try await home.bookclub.run([
      "list", "--search", "nothing like this", "--library", library,
    ])
    #expect(none.status == 0)
    #expect(none.stdout == "")
    #expect(none.stderr.contains("No books match"))
  }

  @Test func aMissingLibraryShowsTheEmptyStateAndCreatesNothing() async throws {
    let result = try await home.bookclub.run(["list"])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("Your library is empty"))
    #expect(result.stderr.contains("bookclub add"))
    #expect(!FileManager.default.fileExists(atPath: home.path("data/bookclub")))
    let json = try await home.bookclub.run(["list", "--json"])
    #expect(json.stdout == "{\"books\":[],\"next\":null,\"total\":0}\n")
    let all = try await home.bookclub.run(["list", "--all", "--json"])
    #expect(all.stdout == "{\"books\":[],\"next\":null,\"total\":0}\n")
  }

  @Test func aDamagedLibraryIsReportedAndLeftUntouched() async throws {
    var generator = SystemRandomNumberGenerator()
    let bytes = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try bytes.write(to: URL(fileURLWithPath: library))
    for arguments in [["list"], ["list", "--all"], ["add", "Emma", "--author", "Jane Austen"]] {
      let result = try await home.bookclub.run(arguments + ["--library", library])
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix("Error: '\(library)' is not a bookclub library"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == bytes)
    }
    let siblings = try FileManager.default.contentsOfDirectory(atPath: home.url.path)
    #expect(!siblings.contains { $0.hasPrefix("library.sqlite-") })
  }

  @Test func libraryLocationFollowsFlagThenEnvironmentThenDefault() async throws {
    let flagged = home.path("flag.sqlite")
    let environment = home.path("env.sqlite")
    try await home.bookclub.run(["add", "A", "--author", "X", "--library", flagged])
    try await home.bookclub.run(
      ["add", "B", "--author", "X"], extraEnvironment: ["BOOKCLUB_LIBRARY": environment])
    try await home.bookclub.run(["add", "C", "--author", "X"])
    #expect(FileManager.default.fileExists(atPath: flagged))
    #expect(FileManager.default.fileExists(atPath: environment))
    #expect(FileManager.default.fileExists(atPath: home.path("data/bookclub/library.sqlite")))
    let both = try await home.bookclub.run(
      ["list", "--json", "--library", flagged], extraEnvironment: ["BOOKCLUB_LIBRARY": environment])
    #expect(both.stdout.contains("\"title\":\"A\""))
    #expect(!both.stdout.contains("\"title\":\"B\""))
  }
}
