import Foundation
import TestSupport
import Testing

@testable import ReadingModel

@Suite struct SQLiteLibraryTests {
  let folder = TemporaryFolder()

  @Test func readingAMissingLibraryCreatesNothing() async throws {
    let path = folder.path("missing/library.sqlite")
    let library = SQLiteLibrary(path: path)
    let page = try await library.page(PageQuery())
    #expect(page.books.isEmpty && page.next == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
  }

  @Test func firstWriteCreatesTheLibraryAndItsFolders() async throws {
    let path = folder.path("a/b/library.sqlite")
    let library = SQLiteLibrary(path: path)
    let book = try await library.add(try sampleBook(0))
    #expect(book.id == 1)
    #expect(FileManager.default.fileExists(atPath: path))
    let reopened = SQLiteLibrary(path: path)
    #expect(try await reopened.book(id: 1) == book)
  }

  @Test(arguments: BookSort.allCases)
  func cursorsWalkEveryBookOnceInOrder(sort: BookSort) async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.bulkAdd((0..<250).map(sampleBook))
    let all = try await library.page(PageQuery(limit: 1000, sort: sort)).books.map(\.id)
    #expect(all.count == 250)
    #expect(Set(all).count == 250)
    #expect(try await walkPages(library, PageQuery(limit: 7, sort: sort)) == all)
    #expect(try await walkPages(library, PageQuery(limit: 1, sort: sort)) == all)
  }

  @Test func theCountsPerStatusFollowEveryChange() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.bulkAdd((0..<40).map(sampleBook))
    var generator = SeededGenerator(seed: 10)
    var trashed: [Int64] = []
    for _ in 0..<60 {
      let id = Int64.random(in: 1...40, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        let status = ReadingStatus.allCases.randomElement(using: &generator)!
        _ = try? await library.setStatus(status, of: id, at: Date(), reread: .reread)
      case 1:
        if let item = try? await library.remove(id, at: Date()) { trashed.append(item.trashID) }
      case 2:
        if let trashID = trashed.popLast() {
          _ = try await library.restoreFromTrash(trashID, at: Date())
        }
      default: _ = try await library.add(try sampleBook(Int(id) + 100))
      }
    }
    let counts = try await library.overview(notes: 0).counts
    for status in ReadingStatus.allCases {
      let all = try await library.page(PageQuery(limit: 1000, status: status)).books
      #expect(counts[status] ?? 0 == all.count, "\(status)")
      let total = try await library.page(PageQuery(limit: 1, status: status, countsTotal: true))
      #expect(total.total == all.count)
    }
  }

  @Test func searchFollowsEditsRemovalsAndTags() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.bulkAdd((0..<14).map(sampleBook))
    func found(_ search: String) async throws -> [Book.ID] {
      try await library.page(PageQuery(limit: 100, search: search)).books.map(\.id)
    }
    #expect(try await found("middle") == [3, 10])  // through the trigram index
    #expect(try await found("MOBY dick") == [4, 11])
    #expect(try await found("ul") == [7, 14])  // too short for it: read
    var fields = BookFields()
    fields[.title] = "Daniel Deronda"
    fields.setList(.tags, ["Victorian \"classics\""])
    _ = try await library.edit(3, BookEdit(fields: fields))
    #expect(try await found("middle") == [10])
    #expect(try await found("deronda") == [3])
    #expect(try await found("torian") == [3])  // a tag
    #expect(try await found("\"classics\"") == [3])
    _ = try await library.remove(10, at: Date())
    #expect(try await found("middle") == [])
    #expect(try await found("nothing like it") == [])
  }

  /// A long read stops when its task is cancelled (SQLite's progress handler), as a
  /// cancellation, not a failure.
  @Test func aCancelledPageReadStopsAsCancelled() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.bulkAdd((0..<3000).map(sampleBook))
    let read = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await library.page(PageQuery(search: "zz", countsTotal: true))
    }
    await #expect(throws: CancellationError.self) { try await read.value }
    #expect(try await library.page(PageQuery(search: "zz", countsTotal: true)).total == 0)
  }

  @Test func aRareWordsTotalIsTheIndexsOwnCountAndAgreesWithItsPages() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.bulkAdd((0..<40).map(sampleBook))
    for search in ["middle", "moby dick", "ul", "karenina", "nowhere"] {
      let all = try await library.page(PageQuery(limit: 1000, search: search)).books
      let first = try await library.page(PageQuery(limit: 2, search: search, countsTotal: true))
      #expect(first.total == all.count, "\(search)")
      // With another filter the total is counted, not taken from the index.
      let finished = all.filter { $0.book.status == .finished }.count
      let filtered = try await library.page(
        PageQuery(limit: 2, status: .finished, search: search, countsTotal: true))
      #expect(filtered.total == finished, "\(search), finished")
    }
    let before = try await library.page(PageQuery(limit: 1, search: "middle", countsTotal: true))
    _ = try await library.remove(3, at: Date())  // Middlemarch 0: the index follows
    let after = try await library.page(PageQuery(limit: 1, search: "middle", countsTotal: true))
    #expect(before.total == 6 && after.total == 5)
  }

  @Test func tagTotalsAgreeWithTheirPages() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.bulkAdd((0..<12).map(sampleBook))
    for id in Int64(1)...12 {
      var fields = BookFields()
      fields.setList(.tags, (id % 2 == 0 ? ["Even"] : []) + (id % 3 == 0 ? ["thirds"] : []))
      _ = try await library.edit(id, BookEdit(fields: fields))
    }
    _ = try await library.remove(6, at: Date())
    for tags in [["even"], ["Thirds"], ["even", "thirds"], ["even", "EVEN"], ["none"]] {
      let all = try await library.page(PageQuery(limit: 100, tags: tags)).books
      let counted = try await library.page(PageQuery(limit: 1, tags: tags, countsTotal: true))
      #expect(counted.total == all.count, "\(tags)")
    }
    let both = try await library.page(
      PageQuery(limit: 1, tags: ["even", "thirds"], countsTotal: true))
    #expect(both.total == 1)  // 12; 6 was removed
  }

  @Test func ordersAreTheOnesAskedFor() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<30 { _ = try await library.add(try sampleBook(index)) }
    let byTitle = try await library.page(PageQuery(limit: 1000, sort: .title)).books
    let keys = byTitle.map { SearchKey.fold($0.book.title) }
    #expect(keys == keys.sorted())
    let byAuthor = try await library.page(PageQuery(limit: 1000, sort: .author)).books
    let authors = byAuthor.map { AuthorName.sortKey($0.book.authors[0]) }
    #expect(authors == authors.sorted())
    #expect(authors.first?.hasPrefix("austen") == true)
    let byUpdate = try await library.page(PageQuery(limit: 1000, sort: .updated)).books
    let times = byUpdate.map(\.book.dateUpdated)
    #expect(times == times.sorted(by: >))
  }

  @Test func lastPageHasNoCursorAndPositionsCount() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<10 { _ = try await library.add(try sampleBook(index)) }
    let first = try await library.page(PageQuery(limit: 5))
    #expect(first.next?.position == 5)
    let second = try await library.page(PageQuery(after: first.next, limit: 5))
    #expect(second.books.map(\.id) == [6, 7, 8, 9, 10])
    #expect(second.next == nil)  // exactly 10 books: the extra row tells there are no more
  }

  @Test func searchIgnoresCaseAndAccentsAndNeedsEveryWord() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<14 { _ = try await library.add(try sampleBook(index)) }
    let emile = try await library.page(PageQuery(search: "EMILE")).books.map(\.book.title)
    #expect(emile == ["Émile 0", "Émile 1"])
    let tolstoy = try await library.page(PageQuery(search: "leon tolsto")).books
    #expect(!tolstoy.isEmpty && tolstoy.allSatisfy { $0.book.authors == ["Léon Tolstoï"] })
    let both = try await library.page(PageQuery(search: "anna 1")).books.map(\.book.title)
    #expect(both == ["Anna Karenina 1", "anna 1"])
    let wildcard = try await library.page(PageQuery(search: "%")).books
    #expect(wildcard.isEmpty)
  }

  @Test func statusFilterCombinesWithPaging() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<40 { _ = try await library.add(try sampleBook(index)) }
    let query = PageQuery(limit: 3, status: .finished, sort: .title)
    let walked = try await walkPages(library, query)
    let all = try await library.page(PageQuery(limit: 1000, status: .finished, sort: .title))
    #expect(walked == all.books.map(\.id))
    #expect(all.books.count == 10)
    #expect(all.books.allSatisfy { $0.book.status == .finished })
  }

  @Test func aCursorOfAnotherOrderIsRefused() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for index in 0..<5 { _ = try await library.add(try sampleBook(index)) }
    let first = try await library.page(PageQuery(limit: 2, sort: .title))
    await #expect(throws: LibraryError.cursorSortMismatch(cursor: .title, query: .id)) {
      try await library.page(PageQuery(after: first.next, limit: 2, sort: .id))
    }
  }

  @Test func restoreKeepsIdsAndProgressAndRefusesTakenIds() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let date = Date(milliseconds: 1_700_000_000_123)
    let entry = ReadingProgress.Entry(progress: 0.25, time: date, note: "a note")
    let archive = LibraryArchive(books: [
      .init(
        book: Book(
          id: 42, title: "Middlemarch", authors: ["George Eliot"], isbn13: "9780141439549",
          pageCount: 880, status: .reading, dateAdded: date, dateUpdated: date),
        progress: ReadingProgress(entries: [entry]))
    ])
    try await library.restore(archive)
    #expect(try await library.book(id: 42) == archive.books[0].book)
    #expect(try await library.progress(of: 42).entries == [entry])
    #expect(try await library.page(PageQuery()).books.first?.progress == 0.25)
    await #expect(throws: LibraryError.idsAlreadyUsed([42])) {
      try await library.restore(archive)
    }
    let added = try await library.add(try sampleBook(0))
    #expect(added.id == 43)
  }
}
