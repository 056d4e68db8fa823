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
    #expect(
      joined.remarks.contains("“Shared Title 500” was added on two devices; it is one book now"))
    _ = try await firstRun.run(laptop)
    _ = try await secondRun.run(desktop)
    let firstBooks = try await first.archivePage(after: nil, limit: 5_000)
    let secondBooks = try await second.archivePage(after: nil, limit: 5_000)
    #expect(firstBooks.count == 1_500)
    #expect(Set(firstBooks.map(\.book.title)).count == 1_500, "a book is there twice")
    #expect(firstBooks == secondBooks)
  }
}

/// `sync compact` (issue 27): a new device takes the snapshot and reads only what came
/// after it; a device away during the compaction catches up from its journals as before.
@MainActor
@Suite struct SyncCompactionTests {
  @Test func aNewDeviceStartsFromTheSnapshotAndAnOldOneCatchesUp() async throws {
    let temporary = TemporaryFolder()
    let first = SQLiteLibrary(path: temporary.path("first.sqlite"))
    for index in 0..<50 {
      try await first.apply(
        .addBook(
          try NewBook(
            title: "Book \(index)", authors: ["Author"], pageCount: 200, status: .wantToRead)))
    }
    let folder = try SyncFolder.create(
      at: temporary.path("sync"), library: try #require(try await first.libraryID()))
    func device(_ name: String, _ library: SQLiteLibrary) async throws -> (SyncSetup, SyncRun) {
      try await syncingDevice(name, library, folder: folder)
    }
    let (firstSetup, firstRun) = try await device("first", first)
    _ = try await firstRun.run(firstSetup)
    let away = SQLiteLibrary(path: temporary.path("away.sqlite"))
    let (awaySetup, awayRun) = try await device("away", away)
    _ = try await awayRun.run(awaySetup)
    // Many changes, then a snapshot, then one more change.
    for index in 1...50 {
      try await first.apply(.edit(Book.ID(index), .rating(Rating("\(1 + index % 5)"))))
    }
    _ = try await firstRun.run(firstSetup)
    try await away.apply(.edit(3, BookEdit(fields: BookFields([.title: "Away's title"]))))
    try folder.write(try await first.syncSnapshot())
    try await first.apply(.edit(1, BookEdit(fields: BookFields([.title: "After the snapshot"]))))
    _ = try await firstRun.run(firstSetup)
    let newcomer = SQLiteLibrary(path: temporary.path("new.sqlite"))
    let (newSetup, newRun) = try await device("newcomer", newcomer)
    let joined = try await newRun.run(newSetup)
    #expect(joined.warnings.isEmpty, "\(joined.warnings)")
    #expect(joined.received == 1, "read \(joined.received) changes after the snapshot")
    // Each book where its adding device put it, at once: none moved after.
    #expect(joined.moved.isEmpty, "\(joined.moved.prefix(3))")
    let firstIDs = try await first.archivePage(after: nil, limit: 100).map(\.book.id)
    let newIDs = try await newcomer.archivePage(after: nil, limit: 100).map(\.book.id)
    #expect(newIDs == firstIDs)
    #expect(try await first.book(id: 7)?.title == newcomer.book(id: 7)?.title)
    for _ in 0..<2 {
      for (setup, run) in [(firstSetup, firstRun), (awaySetup, awayRun), (newSetup, newRun)] {
        _ = try await run.run(setup)
      }
    }
    let pages = [
      try await first.archivePage(after: nil, limit: 100),
      try await away.archivePage(after: nil, limit: 100),
      try await newcomer.archivePage(after: nil, limit: 100),
    ]
    #expect(pages[0].count == 50)
    #expect(pages[0] == pages[1] && pages[0] == pages[2])
    #expect(pages[0].map(\.book.title).contains("After the snapshot"))
    #expect(pages[0].map(\.book.title).contains("Away's title"))
  }
}
