import Foundation
import Testing

@testable import ReadingModel

/// A bulk write sets aside the indexes nothing of it reads when it adds about as many books
/// as the library holds, and makes them again before it ends.
@Suite struct DeferredIndexesTests {
  @Test func setsIndexesAsideWhenTheImportLooksLikeAddingAsManyBooksAsTheLibraryHas() {
    // A tenth of the file read, 10,000 books staged: about 100,000 to come.
    #expect(DeferredIndexes.worthSettingAside(libraryBooks: 0, staged: 10_000, shareRead: 0.1))
    #expect(
      DeferredIndexes.worthSettingAside(libraryBooks: 90_000, staged: 10_000, shareRead: 0.1))
    #expect(
      !DeferredIndexes.worthSettingAside(libraryBooks: 150_000, staged: 10_000, shareRead: 0.1))
    #expect(
      !DeferredIndexes.worthSettingAside(
        libraryBooks: 1_000_000, staged: 10_000, shareRead: 0.5))
    // A source of unknown length: no more books than staged.
    #expect(DeferredIndexes.worthSettingAside(libraryBooks: 10_000, staged: 10_000, shareRead: nil))
    #expect(
      !DeferredIndexes.worthSettingAside(libraryBooks: 10_001, staged: 10_000, shareRead: nil))
    #expect(
      !DeferredIndexes.worthSettingAside(libraryBooks: 10_001, staged: 10_000, shareRead: 0))
  }

  @Test func aLargeSyncIntoASmallLibraryWritesWithTheIndexesSetAside() async throws {
    let during = try await Self.indexesDuring(changes: 1_000, libraryBooks: 3)
    #expect(during.setAside.contains("books_by_title"))
    #expect(during.setAside.contains("book_sources_by_row_digest"))
    #expect(!during.setAside.contains("books_by_isbn13"))
    #expect(during.after == during.before)
  }

  @Test func aFewChangesOrALargeLibraryKeepEveryIndex() async throws {
    for (changes, books) in [(999, 0), (1_000, 1_001)] {
      let during = try await Self.indexesDuring(changes: changes, libraryBooks: books)
      #expect(during.setAside.isEmpty, "\(changes) changes into \(books) books")
      #expect(during.after == during.before)
    }
  }

  /// An index someone made on `books` with the shell, its name quoted, is set aside and made
  /// again as they wrote it.
  @Test func anIndexOfAnyNameIsMadeAgainAsItWasWritten() async throws {
    let odd = #"CREATE INDEX "odd ""name""; --" ON books (page_count)"#
    let during = try await Self.indexesDuring(changes: 1_000, libraryBooks: 0, making: odd)
    #expect(during.setAside.contains(#"odd "name"; --"#))
    #expect(during.after[#"odd "name"; --"#] == odd)
    #expect(during.after == during.before)
  }

  /// The indexes of a library of `libraryBooks` books before, during and after a write
  /// of `changes` changes (``DeferredIndexes/around(changes:on:_:)``), with the index
  /// `making` makes, if any.
  static func indexesDuring(changes: Int, libraryBooks: Int, making: String? = nil) async throws
    -> (
      before: [String: String], setAside: Set<String>, after: [String: String]
    )
  {
    let folder = TemporaryFolder()
    return try await SQLiteLibrary(path: folder.path("library.sqlite")).isolated { library in
      let scratch = try library.scratchCopy()
      return try scratch.writeTransaction {
        let now = Date()
        for i in 0..<libraryBooks {
          let book = Book(
            id: 0, title: "Old \(i)", authors: ["Someone"], dateAdded: now, dateUpdated: now)
          _ = try library.insert(book, keepingID: false, on: scratch)
        }
        if let making { try scratch.execute(making) }
        let before = try BulkImportTests.indexes(scratch)
        let during = try DeferredIndexes.around(changes: changes, on: scratch) {
          try BulkImportTests.indexes(scratch)
        }
        return (
          before, Set(before.keys).subtracting(during.keys), try BulkImportTests.indexes(scratch)
        )
      }
    }
  }
}
