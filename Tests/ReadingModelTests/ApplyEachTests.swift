import Foundation
import Testing

@testable import ReadingModel

/// Many changes in one transaction (``ChangeApplying/applyEach(_:)``), as a sync writes its
/// books: each is recorded as one applied alone would be, and one that fails is rolled back
/// alone.
@MainActor
@Suite struct ApplyEachTests {
  let folder = TemporaryFolder()
  var library: SQLiteLibrary { SQLiteLibrary(path: folder.path("library.sqlite")) }

  /// Counts what it is told.
  final class Counter: ChangeObserver {
    var told: [Int64] = []
    func changeApplied(_ change: AppliedChange) async -> [String] {
      told += change.record.map { [$0.id] } ?? []
      return ["told"]
    }
  }

  @Test func aFailedChangeIsRolledBackAloneAndTheOthersAreEachRecorded() async throws {
    let library = self.library
    let first = try await library.add(try sampleBook(1)).id
    let second = try await library.add(try sampleBook(2)).id
    let counter = Counter()
    let writer = LibraryWriter(library: library, observers: [counter])

    let results = try await writer.applyEach([
      .edit(first, .rating(Rating("4"))),
      .edit(999, .rating(Rating("1"))),
      .edit(second, .rating(Rating("2.5"))),
    ])

    #expect(results.count == 3)
    let applied = results.compactMap { try? $0.get() }
    #expect(applied.count == 2)
    #expect(applied.allSatisfy { $0.remarks == ["told"] })
    #expect(counter.told == applied.compactMap(\.record?.id))
    guard case .failure(let error) = results[1] else {
      Issue.record("the edit of a missing book was applied")
      return
    }
    #expect((error as? LibraryError) == .bookNotFound(999))
    #expect(try await library.details(of: first).rating == 4)
    #expect(try await library.details(of: second).rating == 2.5)
    // Two records, undone one at a time, newest first.
    try await writer.undo()
    #expect(try await library.details(of: second).rating == nil)
    #expect(try await library.details(of: first).rating == 4)
    try await writer.undo()
    #expect(try await library.details(of: first).rating == nil)
  }

  /// The books many changes add are put into the search index once, at the end of their
  /// transaction (``SQLiteLibrary/indexingAddedBooksAtEnd(on:_:)``): each is found, a book
  /// added and removed again is not, an older book's new title is, and the index holds
  /// what the books hold.
  @Test func theBooksManyChangesAddAreSearchableAfterThem() async throws {
    let library = self.library
    let older = try await library.add(try sampleBook(1)).id
    var renaming = BookEdit()
    renaming.fields[.title] = "Quixotic Voyages"
    let results = try await library.applyEach([
      .addBook(try NewBook(title: "Zanzibar Nights", authors: ["Ann Writer"])),
      .edit(older, renaming),
      .addBook(try NewBook(title: "Xylophone Days", authors: ["Bo Writer"])),
      .removeBook(older + 2, at: Date()),
      .addBook(try NewBook(title: "Zanzibar Mornings", authors: ["Cy Writer"])),
      .edit(999, renaming),
    ])
    #expect(results.map { (try? $0.get()) != nil } == [true, true, true, true, true, false])
    func titles(_ search: String) async throws -> [String] {
      try await library.page(PageQuery(search: search)).books.map(\.book.title).sorted()
    }
    #expect(try await titles("zanzibar") == ["Zanzibar Mornings", "Zanzibar Nights"])
    #expect(try await titles("quixotic") == ["Quixotic Voyages"])
    #expect(try await titles("xylophone").isEmpty)
    #expect(try await titles("writer").count == 2)
    let check = try SQLiteConnection(path: folder.path("library.sqlite"), mode: .readWrite)
    try check.execute("INSERT INTO book_search (book_search) VALUES ('integrity-check')")
    #expect(
      try check.all("SELECT key FROM library_info WHERE key = 'search_pending'") {
        $0.text(0)
      }.isEmpty)
    // A change alone, after them, is indexed by the triggers as before.
    _ = try await library.apply(.addBook(try NewBook(title: "Yonder", authors: ["Di"])))
    #expect(try await titles("yonder") == ["Yonder"])
  }

  @Test func nothingToApplyWritesNothing() async throws {
    let writer = LibraryWriter(library: library)
    #expect(try await writer.applyEach([]).isEmpty)
  }
}
