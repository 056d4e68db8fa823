import Foundation
import ReadingModel
import Testing

@Suite struct LibraryArchiveTests {
  static let sampleURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-data/library.json")

  @Test func sampleLibraryIsRichEnough() throws {
    let archive = try LibraryArchive.decode(Data(contentsOf: Self.sampleURL))
    #expect(archive.books.count >= 60)
    #expect(Set(archive.books.map(\.book.id)).count == archive.books.count)
    #expect(Set(archive.books.map(\.book.status)) == Set(ReadingStatus.allCases))
    let withNotes = archive.books.filter { $0.progress.entries.contains { $0.note != nil } }
    #expect(withNotes.count >= 5)
    #expect(archive.books.allSatisfy { ($0.book.pageCount ?? 0) > 0 })
    for item in archive.books {
      if let isbn13 = item.book.isbn13 { #expect(ISBN(isbn13)?.isbn13 == isbn13) }
    }
  }

  @Test func encodingRoundTripsExactly() throws {
    let archive = try LibraryArchive.decode(Data(contentsOf: Self.sampleURL))
    let encoded = try archive.encoded()
    let decoded = try LibraryArchive.decode(encoded)
    #expect(decoded == archive)
    #expect(try decoded.encoded() == encoded)
  }

  @Test func restoringTheSampleGivesItBack() async throws {
    let folder = TemporaryFolder()
    let archive = try LibraryArchive.decode(Data(contentsOf: Self.sampleURL))
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    try await library.restore(archive)
    for item in archive.books {
      #expect(try await library.book(id: item.book.id) == item.book)
      #expect(try await library.progress(of: item.book.id) == item.progress)
    }
  }

  @Test func otherFilesAreRefusedClearly() {
    #expect(throws: ArchiveError.notAnArchive) {
      try LibraryArchive.decode(Data(#"{"format": "other", "version": 1}"#.utf8))
    }
    #expect(throws: ArchiveError.newerVersion(99)) {
      try LibraryArchive.decode(Data(#"{"format": "bookclub", "version": 99, "books": []}"#.utf8))
    }
    #expect(throws: (any Error).self) { try LibraryArchive.decode(Data("not json".utf8)) }
  }
}
