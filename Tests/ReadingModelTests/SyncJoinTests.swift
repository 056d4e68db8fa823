import Foundation
import ReadingModel
import TestSupport
import Testing

/// `sync join` of a device with books of its own (issue 27): the books both hold are one
/// book each afterwards, named in the sync's remarks; the others are on both devices.
@MainActor
@Suite struct SyncJoinTests {
  static func library(_ path: String, books: [NewBook]) async throws -> SQLiteLibrary {
    let library = SQLiteLibrary(path: path)
    for book in books { try await library.apply(.addBook(book)) }
    return library
  }

  static func book(_ title: String, by author: String) throws -> NewBook {
    try NewBook(title: title, authors: [author], pageCount: 320, status: .wantToRead)
  }

  @Test func aThousandBooksJoinAThousandHalfTheSame() async throws {
    let temporary = TemporaryFolder()
    let first = try await Self.library(
      temporary.path("laptop.sqlite"),
      books: try (0..<1_000).map { try Self.book("Shared Title \($0)", by: "Author \($0 % 37)") })
    let second = try await Self.library(
      temporary.path("desktop.sqlite"),
      books: try (500..<1_500).map { try Self.book("Shared Title \($0)", by: "Author \($0 % 37)") })
    let libraryID = try #require(try await first.libraryID())
    let folder = try SyncFolder.create(at: temporary.path("sync"), library: libraryID)
    let laptop = SyncSetup(
      device: try #require(SyncDeviceID("laptop")), name: "laptop", folder: folder.path,
      usesGit: false)
    let desktop = SyncSetup(
      device: try #require(SyncDeviceID("desktop")), name: "desktop", folder: folder.path,
      usesGit: false)
    try await first.startSyncing(laptop, libraryID: folder.library)
    let firstRun = SyncRun(library: first, writer: LibraryWriter(library: first), folder: folder)
    _ = try await firstRun.run(laptop)
    try await second.startSyncing(desktop, libraryID: folder.library)
    let secondRun = SyncRun(
      library: second, writer: LibraryWriter(library: second), folder: folder)
    let joined = try await secondRun.run(desktop)
    #expect(joined.warnings.isEmpty, "\(joined.warnings)")
    #expect(joined.remarks.count == 500, "\(joined.remarks.prefix(3))")
    #expect(joined.remarks.contains("“Shared Title 500” was added on two devices; it is one book now"))
    _ = try await firstRun.run(laptop)
    _ = try await secondRun.run(desktop)
    let firstBooks = try await first.archivePage(after: nil, limit: 5_000)
    let secondBooks = try await second.archivePage(after: nil, limit: 5_000)
    #expect(firstBooks.count == 1_500)
    #expect(Set(firstBooks.map(\.book.title)).count == 1_500, "a book is there twice")
    #expect(firstBooks == secondBooks)
  }
}
