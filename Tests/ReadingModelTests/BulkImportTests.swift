import Foundation
import Testing

@testable import ReadingModel

/// An import stages new books and moves them into the library in batches, with the
/// per-book triggers set aside: what it leaves must be what a book-by-book write leaves.
@Suite struct BulkImportTests {
  let folder = TemporaryFolder()

  static let header = [
    "Book Id", "Title", "Author", "Additional Authors", "ISBN", "ISBN13", "My Rating",
    "Number of Pages", "Date Read",
    "Date Added", "Bookshelves", "Exclusive Shelf",
  ]
  static let shelves = ["to-read", "currently-reading", "read", "did-not-finish"]

  /// Row `i` of a generated Goodreads export; `id` overrides its Goodreads id.
  static func row(_ i: Int, id: Int? = nil) -> [String] {
    [
      String(id ?? i), "Staged Book \(i)", "Author \(i % 7)", "", "", "", String(i % 6),
      String(100 + i), i % 4 == 2 ? "2024/03/0\(1 + i % 9)" : "", "2023/01/15",
      "Fiction, fiction, shelf \(i % 3)", shelves[i % 4],
    ]
  }

  func importRows(_ rows: [[String]], into library: SQLiteLibrary, batch: Int) async throws
    -> ImportSummary
  {
    let path = folder.path("export-\(UUID().uuidString).csv")
    try ([Self.header] + rows).map(CSVWriter.line).joined()
      .write(toFile: path, atomically: false, encoding: .utf8)
    var options = ImportOptions()
    options.stagingBatch = batch
    return try await library.importBooks(
      from: { try ImportFormat.goodreads.source(path: path) }, options: options, progress: nil)
  }

  func connection(_ library: SQLiteLibrary) throws -> SQLiteConnection {
    try SQLiteConnection(path: folder.path("library.sqlite"), mode: .readOnly)
  }

  @Test func batchesLeaveWhatBookByBookWritesWould() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await library.add(try NewBook(title: "Already Here", authors: ["Someone"]))
    // 25 rows in batches of 10; row 17 repeats row 3's Goodreads id across a flush.
    var rows = (1...25).map { Self.row($0) }
    rows[16] = Self.row(17, id: 3)
    let summary = try await importRows(rows, into: library, batch: 10)
    #expect(summary.added == 24)
    #expect(summary.skipped.map(\.line) == [18])
    #expect(summary.skipped.first?.reason.contains("repeats line 4") == true)

    let db = try connection(library)
    // Ids follow the book already there, in row order, with none lost.
    let ids = try db.all("SELECT id FROM books ORDER BY id") { $0.int64(0) }
    #expect(ids == Array(1...25))
    #expect(try db.integer("SELECT seq FROM sqlite_sequence WHERE name = 'books'") == 25)
    // Every new book has its details, its source link, and its tags once per folded key.
    #expect(try db.integer("SELECT count(*) FROM book_details") == 24)
    #expect(try db.integer("SELECT count(*) FROM book_sources") == 24)
    #expect(try db.integer("SELECT count(*) FROM book_tags WHERE book_id = 2") == 2)
    // Counts and the search index are what the triggers would have left.
    let counted = try db.all("SELECT status, books FROM book_counts ORDER BY status") {
      "\($0.text(0))=\($0.int64(1))"
    }
    let actual = try db.all(
      """
      SELECT s.status, (SELECT count(*) FROM books WHERE status = s.status) FROM book_counts s
      ORDER BY s.status
      """
    ) { "\($0.text(0))=\($0.int64(1))" }
    #expect(counted == actual)
    for title in ["Staged Book 1", "Staged Book 25", "Already Here"] {
      let page = try await library.page(PageQuery(limit: 50, search: title))
      #expect(page.books.map(\.book.title).contains(title), "\(title) is found")
    }
    // Nothing of the staging is left, and the triggers are back for the next write.
    #expect(try db.integer("SELECT count(*) FROM sqlite_temp_schema") == 0)
    let triggers = try db.all("SELECT name FROM sqlite_schema WHERE type = 'trigger'") {
      $0.text(0)
    }
    #expect(triggers.contains("books_counted_on_insert"))
    #expect(triggers.contains("books_searched_on_insert"))
    #expect(try db.integer("SELECT count(*) FROM library_info WHERE key = 'search_pending'") == 0)
    // 24 books into a library of one: the indexes were set aside at the first flush and
    // made again, each as the schema makes it.
    let fresh = SQLiteLibrary(path: folder.path("fresh.sqlite"))
    _ = try await fresh.add(try NewBook(title: "Fresh", authors: ["Someone"]))
    let freshIndexes = try Self.indexes(
      SQLiteConnection(path: folder.path("fresh.sqlite"), mode: .readOnly))
    #expect(try Self.indexes(db) == freshIndexes)
    // The search index gathered its terms in a larger buffer, and is back to FTS5's own.
    #expect(try db.integer("SELECT v FROM book_search_config WHERE k = 'hashsize'") == 1 << 20)
    #expect(freshIndexes["books_by_title"] != nil)
    let later = try await library.add(try NewBook(title: "Added Later", authors: ["Someone"]))
    #expect(later.id == 26)
    #expect(try await library.page(PageQuery(limit: 50, search: "Added Later")).books.count == 1)
    let total = try db.integer("SELECT sum(books) FROM book_counts")
    #expect(total == 26)
  }

  /// The staging forgets a book at the flush that moves it into the library; a later row
  /// with its ISBN must still be remarked on (before a book of an earlier import with it),
  /// and a later row with its id still skipped.
  @Test func aLaterRowMeetsABookAddedBeforeAFlushAsItMeetsAStagedOne() async throws {
    let isbn = "9780000000002"
    var earlier = Self.row(900)
    earlier[5] = isbn
    var rows = (1...25).map { Self.row($0) }
    for i in [3, 8, 14, 23] { rows[i - 1][5] = isbn }  // before and after flushes
    for i in [21, 22] { rows[i - 1][5] = "9780000000019" }  // staged together, not flushed
    rows[23] = Self.row(24, id: 14)
    var outcomes: [[String]] = []
    for batch in [10, 1_000] {
      let library = SQLiteLibrary(path: folder.path("library-\(batch).sqlite"))
      _ = try await importRows([earlier], into: library, batch: batch)
      let summary = try await importRows(rows, into: library, batch: batch)
      outcomes.append(summary.remarks + summary.skipped.map { "\($0.line): \($0.reason)" })
    }
    #expect(outcomes[0] == outcomes[1])
    func sameISBN(_ line: Int, as book: Int, _ goodreads: Int, added: Int) -> String {
      "line \(line): added as a new book; same ISBN as #\(book), which is Goodreads book"
        + " \(goodreads); another edition of it? bookclub edition link \(book) \(added)"
    }
    #expect(
      outcomes[0] == [
        sameISBN(4, as: 1, 900, added: 4),
        sameISBN(9, as: 4, 3, added: 9),
        sameISBN(15, as: 4, 3, added: 15),
        sameISBN(23, as: 22, 21, added: 23),
        sameISBN(24, as: 4, 3, added: 24),
        "25: it repeats line 15 (Goodreads id 14); the first was imported",
      ])
  }

  /// A bulk write keeps statement journals in files (in memory, an import's flush held
  /// every index page it touched); every other write keeps them in memory.
  @Test func onlyABulkWriteKeepsItsTemporaryStorageInFiles() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await library.add(try NewBook(title: "Already Here", authors: ["Someone"]))
    let (during, after) = try await library.isolated { library in
      (
        try library.writingInBulk { try $0.integer("PRAGMA temp_store") },
        try library.writing { try $0.integer("PRAGMA temp_store") }
      )
    }
    #expect(during == 1)  // FILE
    #expect(after == 2)  // MEMORY
  }

  @Test func aStagedBookReachesTheLibraryTablesOnlyAtAFlush() async throws {
    try await SQLiteLibrary(path: folder.path("library.sqlite")).isolated { library in
      try Self.stageOneBook(library)
    }
  }

  static func stageOneBook(_ library: isolated SQLiteLibrary) throws {
    let scratch = try library.scratchCopy()
    try scratch.writeTransaction {
      var staging = try BookStaging(batch: 10, on: scratch)
      let now = Date()
      let book = Book(
        id: staging.takeID(), title: "Staged", authors: ["Someone"], dateAdded: now,
        dateUpdated: now)
      let id = try library.insert(book, keepingID: true, into: .staging, on: scratch)
      try staging.staged(id, source: "goodreads", sourceID: "1", on: scratch)
      // The book waits in the staging table: written to the library with its sixteen
      // indexes one book at a time, an import would be as slow as before staging.
      #expect(try scratch.integer("SELECT count(*) FROM main.books") == 0)
      #expect(try scratch.integer("SELECT count(*) FROM temp.staged_books") == 1)
      #expect(staging.book(source: "goodreads", id: "1") == id)
      try staging.flush(on: scratch)
      #expect(
        try scratch.all("SELECT id, title FROM main.books") { "\($0.int64(0)) \($0.text(1))" } == [
          "\(id) Staged"
        ])
      #expect(try scratch.integer("SELECT count(*) FROM temp.staged_books") == 0)
    }
  }

  /// Every index of the library but SQLite's own, by name, with the statement that made it.
  static func indexes(_ db: SQLiteConnection) throws -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: try db.all(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL"
      ) { ($0.text(0), $0.text(1)) })
  }

  @Test func anImportOfMoreBooksThanTheLibraryHasSetsIndexesAsideUntilItsEnd() async throws {
    try await SQLiteLibrary(path: folder.path("library.sqlite")).isolated { library in
      // A third of the source read at the first flush: three books to come, for two.
      try Self.stageBooks(3, into: library, holding: 2, expectSetAside: true)
    }
  }

  @Test func anImportOfFewerBooksThanTheLibraryHasKeepsEveryIndex() async throws {
    try await SQLiteLibrary(path: folder.path("library.sqlite")).isolated { library in
      // Three books to come, for four.
      try Self.stageBooks(3, into: library, holding: 4, expectSetAside: false)
    }
  }

  /// Stages `count` books one flush at a time into a copy of `library` holding `books`,
  /// a third of the source read at the first flush: the indexes nothing of an import reads are set aside at the
  /// first flush when `expectSetAside`, and every index is back, as it was, at the end.
  static func stageBooks(
    _ count: Int, into library: isolated SQLiteLibrary, holding books: Int, expectSetAside: Bool
  ) throws {
    let scratch = try library.scratchCopy()
    try scratch.writeTransaction {
      let now = Date()
      for i in 0..<books {
        let book = Book(
          id: 0, title: "Old \(i)", authors: ["Someone"], dateAdded: now, dateUpdated: now)
        _ = try library.insert(book, keepingID: false, on: scratch)
      }
      let before = try indexes(scratch)
      var staging = try BookStaging(batch: 1, on: scratch)
      staging.shareRead = 1 / 3
      for i in 0..<count {
        let book = Book(
          id: staging.takeID(), title: "Staged \(i)", authors: ["Someone"], dateAdded: now,
          dateUpdated: now)
        let id = try library.insert(book, keepingID: true, into: .staging, on: scratch)
        try staging.staged(id, source: "goodreads", sourceID: "\(i)", on: scratch)
      }
      let during = try indexes(scratch)
      let setAside = Set(before.keys).subtracting(during.keys)
      if expectSetAside {
        #expect(setAside.contains("books_by_title"))
        #expect(setAside.contains("book_sources_by_row_digest"))
        // What the candidates of a row are found by stays.
        #expect(Set(CandidateTables.indexes).isSubset(of: during.keys))
        #expect(!setAside.contains { !$0.hasPrefix("books_") && !$0.hasPrefix("book_sources_") })
      } else {
        #expect(setAside.isEmpty)
      }
      try staging.finish(on: scratch)
      #expect(try indexes(scratch) == before)
      #expect(try scratch.integer("SELECT count(*) FROM books") == Int64(books + count))
      #expect(
        try scratch.integer("SELECT count(*) FROM books INDEXED BY books_by_title")
          == Int64(books + count))
      #expect(try scratch.all("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    }
  }

  @Test func aFailureAfterAFlushLeavesTheLibraryAndItsTriggersAsTheyWere() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    _ = try await library.add(try NewBook(title: "Already Here", authors: ["Someone"]))
    let indexesBefore = try Self.indexes(connection(library))
    let path = folder.path("export.csv")
    try ([Self.header] + (1...12).map { Self.row($0) }).map(CSVWriter.line).joined()
      .write(toFile: path, atomically: false, encoding: .utf8)
    var options = ImportOptions()
    options.stagingBatch = 5
    await #expect(throws: SourceBroke.self) {
      try await library.importBooks(
        from: { BreakingSource(inner: try ImportFormat.goodreads.source(path: path), after: 11) },
        options: options, progress: nil)
    }
    let db = try connection(library)
    #expect(try db.all("SELECT title FROM books") { $0.text(0) } == ["Already Here"])
    #expect(try db.integer("SELECT sum(books) FROM book_counts") == 1)
    let triggers = try db.all("SELECT name FROM sqlite_schema WHERE type = 'trigger'") {
      $0.text(0)
    }
    #expect(triggers.contains("books_counted_on_insert"))
    #expect(triggers.contains("books_searched_on_insert"))
    // The first flush set the indexes aside (12 books into a library of one): the
    // rollback brought them back.
    #expect(try Self.indexes(db) == indexesBefore)
  }
}

extension SQLiteLibrary {
  /// Runs `body` on the library's actor, for tests of its internal steps.
  func isolated<T: Sendable>(_ body: @Sendable (isolated SQLiteLibrary) throws -> T) rethrows -> T {
    try body(self)
  }
}

struct SourceBroke: Error {}

/// A source that reads `after` rows of another, then fails as an unreadable file would.
struct BreakingSource: ImportSource {
  var inner: any ImportSource
  let after: Int
  private var read = 0

  init(inner: any ImportSource, after: Int) {
    self.inner = inner
    self.after = after
  }

  var formatName: String { inner.formatName }
  var columnsNotKept: [String] { inner.columnsNotKept }
  var bytesRead: Int { inner.bytesRead }
  var totalBytes: Int { inner.totalBytes }
  var remarks: [String] { inner.remarks }

  mutating func next() throws -> ImportRow? {
    guard read < after else { throw SourceBroke() }
    read += 1
    return try inner.next()
  }
}
