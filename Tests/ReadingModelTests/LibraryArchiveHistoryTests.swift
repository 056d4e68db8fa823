import Foundation
import Testing

@testable import ReadingModel

/// Version 4 of the archive carries each book's history; older versions are read without
/// one.
@Suite struct LibraryArchiveHistoryTests {
  let folder = TemporaryFolder()
  static let date = Date(milliseconds: 1_700_000_000_123)

  /// Untrusted words in every event: quotes, backslashes, a terminal escape, a newline, a
  /// tab, a NUL, an emoji and what an edit writes.
  static let history = [
    BookEvent(time: date, kind: .edit, detail: "title: Emma → \"Emma\" \\ (Penguin)\n\tx"),
    BookEvent(time: date.addingTimeInterval(1), kind: .rate, detail: "rating: (empty) → 4.5"),
    BookEvent(time: date.addingTimeInterval(2), kind: .tags, detail: "\u{1B}[2J\u{0}📚"),
    BookEvent(time: date.addingTimeInterval(3), kind: .undo, detail: ""),
    BookEvent(time: date.addingTimeInterval(3), kind: .restore, detail: "restored from the trash"),
    BookEvent(time: date.addingTimeInterval(4), kind: .import, detail: "pages: 474 → 480"),
  ]

  static func item(id: Book.ID, history: [BookEvent]) -> LibraryArchive.Item {
    LibraryArchive.Item(
      book: Book(
        id: id, title: "Emma \(id)", authors: ["Jane Austen"], dateAdded: date,
        dateUpdated: date),
      progress: ReadingProgress(), history: history)
  }

  static func book(_ id: Int, history: String) -> String {
    """
    {"added":"2024-01-03T10:00:00.000Z","authors":["Jane Austen"],\(history)"id":\(id),\
    "progress":[],"status":"want","title":"Emma \(id)","updated":"2024-01-03T10:00:00.000Z"}
    """
  }

  @Test func aVersion3ArchiveIsReadWithoutHistory() throws {
    let text = """
      {"books":[
      \(Self.book(1, history: ""))
      ],"format":"bookclub","library":"6f1c0000-library","version":3}

      """
    let archive = try LibraryArchive.decode(Data(text.utf8))
    #expect(archive.version == 3)
    #expect(archive.library == "6f1c0000-library")
    #expect(archive.books.map(\.book.title) == ["Emma 1"])
    #expect(archive.books.first?.history == [])
  }

  @Test func historyRoundTripsExactlyAndKeySorted() throws {
    let withHistory = Self.item(id: 1, history: Self.history)
    let without = Self.item(id: 2, history: [])
    var writer = LibraryArchive.StreamWriter(library: "6f1c0000-library")
    let data = writer.header() + writer.item(withHistory) + writer.item(without) + writer.footer()
    let archive = try LibraryArchive.decode(data)
    #expect(archive.version == LibraryArchive.currentVersion)
    #expect(archive.books == [withHistory, without])
    #expect(archive.books.first?.history.map(\.detail) == Self.history.map(\.detail))

    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.contains(
        #""authors":["Jane Austen"],"history":[{"detail":"title: Emma → \"Emma\" \\ (Penguin)\n\tx","kind":"edit","time":"2023-11-14T22:13:20.123Z"},"#
      ), "\(text)")
    #expect(text.components(separatedBy: "\"history\"").count == 2)  // left out when empty

    // `JSONEncoder` writes and reads the same.
    let encoded = try archive.encoded()
    #expect(try LibraryArchive.decode(encoded).books == archive.books)
    let decoded = try interchangeDecoder.decode(LibraryArchive.self, from: encoded)
    #expect(decoded.books == archive.books)
  }

  @Test func anUnknownEventKindRefusesOnlyItsBook() throws {
    let event = #"{"detail":"x","kind":"teleport","time":"2024-01-03T10:00:00.000Z"}"#
    let text = """
      {"books":[
      \(Self.book(1, history: "\"history\":[\(event)],")),
      \(Self.book(2, history: ""))
      ],"format":"bookclub","library":null,"version":4}
      """
    var reader = try ArchiveReader(bytes: Array(text.utf8))
    let refused = try #require(try reader.next())
    #expect(
      throws: ArchiveError.invalidBook(
        "book 1 ('Emma 1')",
        reason: "'history kind' must be edit, rate, tags, undo, redo, restore or import")
    ) { try refused.get() }
    #expect(try reader.next()?.get().book.title == "Emma 2")
    #expect(try reader.next() == nil)
  }

  @Test func anArchiveImportedAgainAddsEachEventOnce() async throws {
    let library = SQLiteLibrary(path: folder.path("library.sqlite"))
    let archive = LibraryArchive(books: [
      Self.item(id: 1, history: Self.history), Self.item(id: 2, history: []),
    ])
    try await library.restore(archive)
    #expect(try await library.history(of: 1) == Self.history)

    let path = folder.path("library.json")
    try await exportArchive(library).write(to: URL(fileURLWithPath: path))
    let again = try await importFile(path, into: library)
    #expect(again.updated == 0 && again.unchanged == 2 && again.added == 0)
    #expect(try await library.history(of: 1) == Self.history)

    let restored = SQLiteLibrary(path: folder.path("restored.sqlite"))
    let first = try await importFile(path, into: restored)
    #expect(first.added == 2)
    #expect(try await restored.history(of: 1) == Self.history)
    #expect(try await restored.history(of: 2) == [])
    #expect(try await exportArchive(restored) == (try await exportArchive(library)))
  }
}
