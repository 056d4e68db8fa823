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
    // Every status but paused, which came after the sample was made.
    #expect(
      Set(archive.books.map(\.book.status))
        == Set(ReadingStatus.allCases).subtracting([.paused]))
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

  @Test func theStreamWriterWritesWhatTheDecoderReadsBack() throws {
    let date = Date(milliseconds: 1_700_000_000_123)
    let full = LibraryArchive.Item(
      book: Book(
        id: 7, title: "Quote \" slash \\ tab \t line\n émile 📚", authors: ["A, B", "C"],
        isbn10: "0141439548", isbn13: "9780141439549", pageCount: 880, status: .abandoned,
        dateAdded: date, dateUpdated: date.addingTimeInterval(1.5)),
      progress: ReadingProgress(entries: [
        .init(progress: 0.1, time: date, note: "first\nsecond"),
        .init(progress: 1.0 / 3.0, time: date.addingTimeInterval(60)),
      ]),
      details: BookDetails(
        rating: 3.75, review: "Short & <i>sharp</i>", tags: ["x", "y z"],
        readings: [
          ReadingPeriod(start: CalendarDay("2024/01/02"), end: CalendarDay("2024/02/03")),
          ReadingPeriod(),
        ],
        readCount: 2, publisher: "Penguin", publicationYear: -725, binding: "Paperback",
        privateNotes: "mine", sourceIDs: ["storygraph": "B0X", "goodreads": "12"]),
      statusChanges: [
        StatusChange(status: .reading, time: date), StatusChange(status: .abandoned, time: date),
      ])
    let bare = LibraryArchive.Item(
      book: Book(id: 8, title: "Plain", authors: ["D"], dateAdded: date, dateUpdated: date),
      progress: ReadingProgress())
    var writer = LibraryArchive.StreamWriter(library: "0d5e4b3c-library")
    let data = writer.header() + writer.item(full) + writer.item(bare) + writer.footer()
    let archive = try LibraryArchive.decode(data)
    #expect(archive.books == [full, bare])
    #expect(archive.version == LibraryArchive.currentVersion)
    let text = String(decoding: data, as: UTF8.self)
    #expect(!text.contains("\"details\":{}"))
    #expect(
      text.hasSuffix("],\"format\":\"bookclub\",\"library\":\"0d5e4b3c-library\",\"version\":5}\n"))
    #expect(archive.library == "0d5e4b3c-library")
  }
}
