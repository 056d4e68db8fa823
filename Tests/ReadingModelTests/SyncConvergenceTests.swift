import Foundation
import ReadingModel
import TestSupport
import Testing

/// Three devices (three libraries) over one plain sync folder: seeded random changes, synced
/// in random orders, some devices offline for a while; at the end every export is the same.
@MainActor
@Suite struct SyncConvergenceTests {
  /// A device: its library, its writer, how it syncs.
  struct Device {
    let library: SQLiteLibrary
    let writer: LibraryWriter
    let setup: SyncSetup
    let folder: SyncFolder

    func sync() async throws -> SyncRun.Report {
      try await SyncRun(library: library, writer: writer, folder: folder).run(setup)
    }
  }

  static func devices(_ count: Int, in temporary: TemporaryFolder) async throws -> [Device] {
    let first = SQLiteLibrary(path: temporary.path("device-0.sqlite"))
    _ = try await first.syncSetup()  // creates nothing; the first write does
    try await first.apply(
      .addBook(try NewBook(title: "Seed", authors: ["Anyone"], pageCount: 100, status: .wantToRead))
    )
    let libraryID = try #require(try await first.libraryID())
    let folder = try SyncFolder.create(at: temporary.path("sync"), library: libraryID)
    var devices: [Device] = []
    for index in 0..<count {
      let library =
        index == 0 ? first : SQLiteLibrary(path: temporary.path("device-\(index).sqlite"))
      let setup = SyncSetup(
        device: try #require(SyncDeviceID("device-\(index)")), name: "device \(index)",
        folder: folder.path, usesGit: false)
      try await library.startSyncing(setup, libraryID: folder.library)
      devices.append(
        Device(
          library: library, writer: LibraryWriter(library: library), setup: setup, folder: folder))
    }
    return devices
  }

  static func export(_ library: SQLiteLibrary) async throws -> Data {
    var archive = LibraryArchive.StreamWriter(library: try await library.libraryID())
    var data = archive.header()
    var lastID: Book.ID?
    while true {
      let items = try await library.archivePage(after: lastID, limit: 500)
      for item in items { data.append(archive.item(item)) }
      guard let last = items.last else { break }
      lastID = last.book.id
    }
    data.append(archive.footer())
    return data
  }

  /// One random change on a device; one that does not fit the book (a finished book's
  /// progress, say) is simply not made.
  static func randomChange(on device: Device, using random: inout SeededGenerator, step: Int)
    async throws
  {
    let books = try await device.library.archivePage(after: nil, limit: 10_000).map(\.book)
    let titles = ["Emma", "Persuasion", "Middlemarch", "Dune", "Kindred", "Beloved"]
    let pick = books.isEmpty ? nil : books[Int(random.next() % UInt64(books.count))]
    let now = Date()
    let change: LibraryChange?
    switch (random.next() % 10, pick) {
    case (0, _), (_, nil):
      let title = titles[Int(random.next() % UInt64(titles.count))]
      let unique = random.next() % 2 == 0 ? "" : " \(step)"
      change = .addBook(
        try NewBook(
          title: title + unique, authors: ["Author \(title)"], pageCount: 300, status: .wantToRead))
    case (1, let book?):
      change = .edit(
        book.id, BookEdit(fields: BookFields([.title: "\(book.title.prefix(12)) ed\(step)"])))
    case (2, let book?):
      change = .edit(book.id, .rating(Rating("\(1 + random.next() % 5)")))
    case (3, let book?):
      change = .record(
        book.id, EntryRequest(input: .percent(Double(random.next() % 100)), now: now))
    case (4, let book?):
      change = .record(
        book.id, EntryRequest(input: nil, note: "note \(step)", now: now, kind: .note))
    case (5, let book?):
      change = .edit(book.id, .tags(adding: ["tag\(random.next() % 4)"]))
    case (6, let book?):
      change = .setStatus(
        book.id, random.next() % 2 == 0 ? .reading : .abandoned, at: now, reread: nil)
    case (7, let book?) where books.count > 3:
      change = .removeBook(book.id, at: now)
    case (8, _):
      let trash = try await device.library.trash(at: now)
      change = trash.first.map { .restoreFromTrash(trashID: $0.trashID, at: now) }
    default:
      _ = try? await device.writer.undo()
      change = nil
    }
    if let change { _ = try? await device.writer.apply(change) }
  }

  @Test func threeDevicesConvergeOverAPlainFolder() async throws {
    let seed =
      UInt64(ProcessInfo.processInfo.environment["SYNC_SEED"] ?? "")
      ?? UInt64.random(in: 1...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let temporary = TemporaryFolder()
    let devices = try await Self.devices(3, in: temporary)
    var offline = Set<Int>()
    for step in 0..<900 {
      let index = Int(random.next() % 3)
      try await Self.randomChange(on: devices[index], using: &random, step: step)
      if random.next() % 25 == 0 { offline.formSymmetricDifference([Int(random.next() % 3)]) }
      if random.next() % 6 == 0 {
        let syncing = Int(random.next() % 3)
        if !offline.contains(syncing) {
          let report = try await devices[syncing].sync()
          #expect(report.warnings.isEmpty, "seed \(seed): \(report.warnings)")
        }
      }
    }
    // Everyone online: two rounds, so every device reads every change and every id settles.
    for _ in 0..<3 {
      for device in devices { _ = try await device.sync() }
    }
    var exports: [Data] = []
    for device in devices { exports.append(try await Self.export(device.library)) }
    // Every conflict is listed on every device, the same.
    var conflicts: [[String]] = []
    for device in devices {
      conflicts.append(
        try await device.library.syncConflicts().map {
          "\($0.book) \($0.conflict.field) \($0.conflict.lostStamp)"
        }.sorted())
    }
    #expect(
      conflicts[0] == conflicts[1] && conflicts[0] == conflicts[2],
      "seed \(seed): \(Set(conflicts[0]).symmetricDifference(conflicts[1])) \(Set(conflicts[0]).symmetricDifference(conflicts[2]))"
    )
    let lines = exports.map { String(decoding: $0, as: UTF8.self).split(separator: "\n") }
    for index in 1..<devices.count {
      let differing = zip(lines[0], lines[index]).first { $0 != $1 }
      let same = exports[0] == exports[index]
      if !same {
        try? exports[0].write(
          to: URL(fileURLWithPath: NSTemporaryDirectory() + "sync-export-0.json"))
        try? exports[index].write(
          to: URL(fileURLWithPath: NSTemporaryDirectory() + "sync-export-\(index).json"))
      }
      #expect(
        same,
        "seed \(seed): device \(index) differs: \(differing.map { "\($0.0)\n\($0.1)" } ?? "in length")"
      )
    }
  }
}
