import Foundation
import Testing

@testable import ReadingModel

@Suite struct LibraryProgressTests {
  let folder = TemporaryFolder()
  static let missingID = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

  func library(with titles: [String]) async throws -> SQLiteLibrary {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    for title in titles {
      _ = try await library.add(try NewBook(title: title, authors: ["Someone"], pageCount: 100))
    }
    return library
  }

  @Test func findsByIdISBNAndTitleWithPrecedence() async throws {
    let library = try await library(with: ["Anna", "Anna Karenina", "Annals", "Émile", "Hanna"])
    let isbnBook = try await library.add(
      try NewBook(title: "Middlemarch", authors: ["George Eliot"], isbn: ISBN("0141439548")))
    #expect(try await library.find("2") == .found(try #require(await library.book(id: 2))))
    #expect(try await library.find("978-0-14-143954-9") == .found(isbnBook))
    #expect(try await library.find("0-14-143954-8") == .found(isbnBook))
    // Exact beats prefix.
    guard case .found(let anna) = try await library.find("ANNA") else {
      Issue.record("an exact title should win")
      return
    }
    #expect(anna.title == "Anna")
    // Prefix beats substring ("Hanna" contains "ann" but does not start with it).
    guard case .ambiguous(let candidates, false) = try await library.find("ann") else {
      Issue.record("'ann' should be ambiguous")
      return
    }
    #expect(candidates.map(\.title) == ["Anna", "Anna Karenina", "Annals"])
    guard case .found(let emile) = try await library.find("emile") else {
      Issue.record("accents should be ignored")
      return
    }
    #expect(emile.title == "Émile")
    guard case .found(let karenina) = try await library.find("karenina") else {
      Issue.record("a word inside the title should be found")
      return
    }
    #expect(karenina.title == "Anna Karenina")
    #expect(try await library.find("zzz") == .notFound)
    #expect(try await library.find("99") == .notFound)
  }

  @Test func ambiguousLookupsListTenAndSayThereAreMore() async throws {
    let library = try await library(with: (1...12).map { "Volume \($0)" })
    guard case .ambiguous(let candidates, let more) = try await library.find("volume") else {
      Issue.record("expected ambiguous")
      return
    }
    #expect(candidates.count == 10)
    #expect(more)
  }

  @Test func appendingEntriesMovesStatusAndLogsChanges() async throws {
    let library = try await library(with: ["Middlemarch"])
    let start = Date(milliseconds: 1_700_000_000_000)
    let first = try await library.record(0.1, on: 1, at: start)
    #expect(first.book.status == .reading)
    #expect(first.previousStatus == .wantToRead)
    // `+10` pages is decided from the newest position as the transaction reads it: 10%.
    let plus = EntryRequest(input: .relativePages(10), time: start.addingTimeInterval(1800))
    let relative = try await library.apply(.record(1, plus))
    #expect(relative.entry?.progress == 0.2)
    let done = try await library.record(1, on: 1, at: start.addingTimeInterval(3600))
    #expect(done.book.status == .finished)
    // Back-dated: recorded, but the book stays finished.
    let early = try await library.record(0.05, on: 1, at: start.addingTimeInterval(-3600))
    #expect(early.book.status == .finished)
    let changes = try await library.statusChanges(of: 1)
    #expect(changes.map(\.status) == [.reading, .finished])
    #expect(try await library.progress(of: 1).entries.map(\.progress) == [0.05, 0.1, 0.2, 1])
  }

  @Test func aThrowingDraftWritesNothing() async throws {
    let library = try await library(with: ["Middlemarch"])
    await #expect(throws: ProgressInputError.pageBeyondEnd(101, pageCount: 100)) {
      try await library.apply(.record(1, EntryRequest(input: .page(101))))
    }
    #expect(try await library.progress(of: 1).entries.isEmpty)
    await #expect(throws: LibraryError.bookNotFound(7)) {
      try await library.record(0, on: 7, at: Date())
    }
  }

  @Test func entriesAreFoundByPrefixAndNotesReplaced() async throws {
    let library = try await library(with: ["Middlemarch"])
    let recorded = try await library.record(
      0.2, on: 1, at: Date(milliseconds: 5), note: "first thoughts")
    let prefix = String(recorded.entry.id.uuidString.lowercased().prefix(8))
    #expect(
      try await library.entry(prefix) == .found(LocatedEntry(bookID: 1, entry: recorded.entry)))
    #expect(try await library.entry("abc") == .notFound)  // too short to be safe
    let edited = try await library.setNote("second thoughts", ofEntry: recorded.entry.id)
    #expect(edited.id == recorded.entry.id)
    #expect(edited.progress == 0.2 && edited.time == recorded.entry.time)
    #expect(edited.note == "second thoughts")
    let removed = try await library.setNote(nil, ofEntry: recorded.entry.id)
    #expect(removed.note == nil)
    await #expect(throws: LibraryError.entryNotFound(Self.missingID)) {
      try await library.setNote("x", ofEntry: Self.missingID)
    }
  }

  @Test func aVersion1LibraryIsMigratedForward() async throws {
    let path = folder.path("old.sqlite")
    try runSQL(
      path,
      Schema.migrations[0].sql + """
        ;INSERT INTO schema_migrations VALUES (1, 0);
        PRAGMA application_id = \(Schema.applicationID);
        INSERT INTO books (id, title, authors, status, added_ms, updated_ms, title_key,
          author_key, search_text) VALUES (1, 'Emma', 'Jane Austen', 'want', 0, 0, 'emma',
          'jane austen', 'emma jane austen');
        """)
    let library = SQLiteLibrary(path: path)
    #expect(try await library.book(id: 1)?.title == "Emma")
    let updated = try await library.setStatus(
      .reading, of: 1, at: Date(milliseconds: 10), reread: nil)
    #expect(updated.status == .reading)
    #expect(
      try await library.statusChanges(of: 1) == [
        StatusChange(status: .reading, time: Date(milliseconds: 10))
      ])
  }
}
