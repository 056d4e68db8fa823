import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// KOReader's statistics and sidecars and a Kobo's database, read as an ingest takes them:
/// page turns into sessions, sidecars as data (never run), a Kobo's highlights without its
/// dog-ears and deleted ones; absurd times and code refused, each with a reason.
@Suite struct KOReaderAndKoboTests {
  let folder = TemporaryFolder()
  let now = Date(timeIntervalSince1970: 1_780_000_000)  // 2026

  func device() throws -> [DeviceReading] {
    let device = try DeviceFixtures.koboWithKOReader(in: folder.path(""))
    return try DeviceFiles.read(DeviceFiles.find(at: device), zone: .utc, now: now)
  }

  @Test func aDeviceFolderIsFoundWhole() throws {
    let device = try DeviceFixtures.koboWithKOReader(in: folder.path(""))
    let found = try DeviceFiles.find(at: device)
    #expect(found.count == 5)
    #expect(found.contains(.koboDatabase(device + "/.kobo/KoboReader.sqlite")))
    #expect(
      found.contains(.koreaderStatistics(device + "/.adds/koreader/settings/statistics.sqlite3")))
    #expect(found.contains(.koreaderSidecar(device + "/Books/Dune.sdr/metadata.epub.lua")))
  }

  @Test func pageTurnsBecomeSessionsAndAbsurdOnesAreLeftOutWithAReason() throws {
    let koreader = try #require(try device().first { $0.kind == .koreader })
    let dune = try #require(koreader.books.first { $0.title == "Dune" })
    #expect(dune.key == DeviceFixtures.duneChecksum)
    #expect(dune.sessions.count == 2)
    #expect(dune.sessions.map(\.seconds) == [30 * 40, 40 * 45])
    #expect(dune.sessions.map(\.pages) == [30, 40])
    #expect(
      dune.sessions.first?.start
        == Date(timeIntervalSince1970: TimeInterval(DeviceFixtures.firstSessionStart)))
    #expect(dune.sessions.first?.endPosition == 129.0 / 812)
    #expect(dune.sessions.last?.pagesPerHour == 80)
    #expect(dune.position?.fraction == 239.0 / 812)
    #expect(
      koreader.remarks.contains { $0.hasPrefix("2 page turns with a time no reader read at") })
    #expect(koreader.remarks.contains { $0.hasPrefix("1 page turn with a duration below zero") })
    // Ids made from the book and the start: read again, the same.
    #expect(try device().first { $0.kind == .koreader }?.books.first?.sessions == dune.sessions)
  }

  @Test func sidecarsGiveStatusRatingISBNAndHighlightsOfBothForms() throws {
    let koreader = try #require(try device().first { $0.kind == .koreader })
    let dune = try #require(koreader.books.first { $0.title == "Dune" })
    #expect(dune.isbn == "9780441013593")
    #expect(dune.status == .reading && dune.rating == 4)
    #expect(dune.series == "Dune #1")
    #expect(
      dune.highlights.map(\.text) == [
        "I must not fear.\nFear is the mind-killer.", "The spice must flow.\t\u{1B}[31m",
      ])
    #expect(dune.highlights.first?.note == "Litany \"against\" fear")
    #expect(dune.highlights.map(\.color) == ["yellow", "underscore"])
    #expect(dune.highlights.first?.page == 104)
    let piranesi = try #require(koreader.books.first { $0.title == "Piranesi" })
    #expect(piranesi.status == .finished)
    #expect(
      piranesi.highlights.map(\.text) == [
        "its Kindness infinite.", "The Beauty of the House is immeasurable",
      ])
    // KOReader's own "Page 12 … @ …" is no note; the reader's is.
    #expect(piranesi.highlights.map(\.note) == ["The whole book in four words", nil])
    #expect(piranesi.highlights.last?.color == "green")
    // The sidecar with code in it is not read, and says where.
    #expect(koreader.problems.count == 1)
    #expect(koreader.problems.first?.contains("Evil.sdr/metadata.epub.lua: line 2") == true)
    #expect(!FileManager.default.fileExists(atPath: "/tmp/bookclub-pwned"))
  }

  @Test func koboBooksKeepTheirHighlightsButNotDogEarsOrDeletedOnes() throws {
    let kobo = try #require(try device().first { $0.kind == .kobo })
    #expect(kobo.books.map(\.title) == ["The Left Hand of Darkness", "Emma"])
    let leGuin = kobo.books[0]
    #expect(leGuin.isbn == "9780441478125")
    #expect(leGuin.series == "Hainish Cycle #4")
    #expect(leGuin.status == .reading)
    #expect(leGuin.position?.fraction == 0.45)
    #expect(leGuin.readingTime?.seconds == 5400)
    #expect(
      leGuin.highlights.map(\.text) == [
        "Light is the left hand of darkness", "and darkness the right hand of light",
      ])
    #expect(leGuin.highlights.map(\.note) == [nil, "Tormer's Lay"])
    #expect(leGuin.highlights.first?.color == "blue")
    #expect(leGuin.highlights.first?.location == "The Place Inside the Blizzard")
    // The chapter starts at 40% and is 10% of the book: half through it is 45%.
    #expect(leGuin.highlights.first?.position == 0.45)
    #expect(kobo.books[1].status == .finished && kobo.books[1].rating == 5)
  }

  @Test func luaIsReadAsDataOnly() throws {
    let table = try LuaDataParser.table(
      from: Array(
        """
        --[[ a long comment ]] return { 'a', "b\\65\\x43", [[long
        string]], -1.5e2, 0x1F, true, nil, name = { nested = { deep = 1 } }; [3.5] = 2 }
        """.utf8))
    #expect(
      table.items == [
        .string("a"), .string("bAC"), .string("long\nstring"), .number(-150), .number(31),
        .boolean(true),
      ])
    #expect(table["name"]?.table?["nested"]?.table?["deep"] == .number(1))
    for code in [
      "return { os.execute('x') }", "return { a = 1 + 2 }", "return {} .. 'x'", "x = 1",
      "return { [{}] = 1 }", "return { \"unclosed }",
      "return " + String(repeating: "{", count: 100),
    ] {
      #expect(throws: LuaDataError.self, "\(code)") {
        try LuaDataParser.table(from: Array(code.utf8))
      }
    }
  }

  @Test func numbersPastAnyPlaceAreNoPlace() throws {
    for index in ["1e300", "-1e9"] {
      let table = try LuaDataParser.table(
        from: Array("return { doc_props = { series = 'Dune', series_index = \(index) } }".utf8))
      #expect(KOReaderSidecar(table).series == "Dune", "\(index)")  // once a crash
    }
    let hex = "return { n = 0x" + String(repeating: "F", count: 300) + " }"
    #expect(throws: LuaDataError.self) { try LuaDataParser.table(from: Array(hex.utf8)) }
  }

  @Test func aDamagedOrForeignDatabaseIsADeviceFileErrorNamingIt() throws {
    let path = folder.path("statistics.sqlite3")
    try Data("SQLite format 3\0".utf8 + [UInt8](repeating: 0x41, count: 4000)).write(
      to: URL(fileURLWithPath: path))
    #expect {
      _ = try KOReaderStatistics(path: path, now: now)
    } throws: { error in
      guard case .damaged(let named, _) = error as? DeviceFileError else { return false }
      return named == path
    }
    let empty = folder.path("KoboReader.sqlite")
    try DeviceFixtures.makeDatabase(empty, "CREATE TABLE other (x);")
    #expect(throws: DeviceFileError.self) { _ = try KoboDatabase.read(empty, now: now) }
  }
}
