import Foundation
import ReadingModel
import Testing

/// Works and editions (issue 28): books linked as editions of one work, listed by `show` and
/// `edition`, offered when a book looks like another, counted once by `stats` and goals
/// where their readings overlap, carried by the archive, undone one book at a time.
@Suite struct EditionCommandTests: LibraryCommandSuite {
  let home = TestHome()

  func editions(_ book: String) async throws -> [Int] {
    let text = try await bookclub(["edition", book, "--json"]).stdout
    let books = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
    return books?.compactMap { $0["id"] as? Int } ?? []
  }

  @Test func linkedEditionsAreListedAndCountedAsOneWork() async throws {
    try await bookclub(["add", "Middlemarch", "-a", "George Eliot", "--pages", "880"])
    let added = try await bookclub([
      "add", "Middlemarch", "-a", "George Eliot", "--length", "35:20", "--duplicate",
    ])
    #expect(
      added.stderr.contains(
        "It looks like book 1. If it is another edition of the same work, "
          + "link them: bookclub edition link 1 2"), "\(added.stderr)")
    try await bookclub(["add", "Emma", "-a", "Jane Austen"])
    let linked = try await bookclub(["edition", "link", "1", "2"])
    #expect(
      linked.stdout.contains("is an edition of the same work as “Middlemarch” (1): 2 editions"))
    #expect(try await editions("1") == [1, 2])
    #expect(try await editions("2") == [2, 1])
    let shown = try await bookclub(["show", "1"]).stdout
    #expect(
      shown.contains("\nEdition   Middlemarch (2) · audiobook · 35:20 · want to read\n"), "\(shown)"
    )
    // Read on paper and listened to at once: one book; a reading of each a year apart: two.
    try await bookclub(["progress", "set", "1", "10%", "--at", "2025-03-01"])
    try await bookclub(["progress", "set", "2", "10%", "--at", "2025-03-05"])
    try await bookclub(["progress", "set", "1", "done", "--at", "2025-04-01"])
    try await bookclub(["progress", "set", "2", "done", "--at", "2025-04-03"])
    #expect(try await json(["stats", "--year", "2025"])["booksFinished"] as? Int == 1)
    #expect(
      try await json(["stats", "--year", "2025", "--editions"])["booksFinished"] as? Int == 2)
    let months = try await json(["stats", "--year", "2025"])["byMonth"] as? [[String: Any]]
    #expect(months?[3]["books"] as? Int == 1, "counted at its last finish: \(months ?? [])")
    try await bookclub(["goal", "set", "2025", "2"])
    #expect(try await json(["goal", "2025"])["booksFinished"] as? Int == 1)
    try await bookclub(["progress", "set", "1", "5%", "--at", "2025-09-01", "--reread"])
    try await bookclub(["progress", "set", "1", "done", "--at", "2025-09-20"])
    #expect(try await json(["stats", "--year", "2025"])["booksFinished"] as? Int == 2)
    // The archive keeps the link; undo takes back one book's link at a time.
    let archive = home.path("library.json")
    try await bookclub(["export", "--format", "bookclub", "-o", archive])
    let copy = home.path("copy.sqlite")
    #expect(try await run(["import", archive], library: copy).status == 0)
    let copied = try await run(["edition", "1", "--json"], library: copy).stdout
    #expect(copied.contains(#""id":2"#), "\(copied)")
    try await bookclub(["edition", "unlink", "2"])
    #expect(try await editions("1") == [1])
    try await bookclub(["undo", "--force"])
    #expect(try await editions("1") == [1, 2])
  }

  @Test func linksThatCannotBeAreRefusedSayingWhy() async throws {
    try await bookclub(["add", "Emma", "-a", "Jane Austen"])
    try await bookclub(["add", "Dune", "-a", "Frank Herbert"])
    let itself = try await bookclub(["edition", "link", "1", "emma"], status: 1)
    #expect(itself.stderr.contains("not another edition of itself"), "\(itself.stderr)")
    try await bookclub(["edition", "link", "1", "nothing-like-this"], status: 1)
    let unlinked = try await bookclub(["edition", "unlink", "2"], status: 1)
    #expect(unlinked.stderr.contains("linked to no work"), "\(unlinked.stderr)")
    let alone = try await bookclub(["edition", "1"])
    #expect(alone.stderr.contains("bookclub edition link 1 <book>"), "\(alone.stderr)")
    // A book joining another work leaves the one it was in.
    try await bookclub(["add", "Emma (Penguin)", "-a", "Jane Austen", "--duplicate"])
    try await bookclub(["edition", "link", "1", "3"])
    try await bookclub(["edition", "link", "2", "3"])
    #expect(try await editions("1") == [1])
    #expect(try await editions("2") == [2, 3])
  }

  @Test func anImportsLookalikeRemarkOffersTheLink() async throws {
    try await bookclub(["add", "The Fifth Season", "-a", "N.K. Jemisin", "--isbn", "9780316229296"])
    let file = try csvFile(
      "goodreads.csv", header: GoodreadsExport.header,
      [
        [
          "Book Id": "19161852", "Title": "The Fifth Season", "Author": "N.K. Jemisin",
          "ISBN13": "=\"9780316229296\"", "Exclusive Shelf": "to-read", "Date Added": "2024/01/02",
        ],
        [
          "Book Id": "99", "Title": "The Fifth Season", "Author": "N.K. Jemisin",
          "ISBN13": "=\"9780316229296\"", "Exclusive Shelf": "to-read", "Date Added": "2024/01/02",
        ],
      ])
    let imported = try await json(["import", file])
    let remarks = (imported["remarks"] as? [String] ?? []).joined(separator: "\n")
    #expect(remarks.contains("another edition of it? bookclub edition link"), "\(remarks)")
  }
}
