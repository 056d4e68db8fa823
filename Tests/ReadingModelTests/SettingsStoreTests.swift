import Foundation
import Testing

@testable import ReadingModel

@Suite struct SettingsStoreTests {
  let folder = TemporaryFolder()
  var path: String { folder.path("config/bookclub/settings.json") }

  @Test func defaultsWithoutAFileAndReadingCreatesNothing() throws {
    let settings = try SettingsStore(path: path).load()
    #expect(settings.pageSize == 30)
    #expect(settings.color == .auto)
    #expect(settings.updateArtwork && settings.syncProgress)
    #expect(SettingKey.allCases.allSatisfy { !settings.isSet($0) })
    #expect(!FileManager.default.fileExists(atPath: folder.path("config")))
  }

  @Test func valuesAreValidated() throws {
    #expect(try SettingKey.pageSize.parse("7") == .integer(7))
    #expect(try SettingKey.syncProgress.parse("no") == .bool(false))
    #expect(try SettingKey.color.parse("NEVER") == .choice("never"))
    for (key, text) in [
      (SettingKey.pageSize, "0"), (.pageSize, "1001"), (.pageSize, "x"), (.color, "blue"),
      (.updateArtwork, "maybe"),
    ] {
      #expect(throws: SettingsError.invalidValue(text, key: key)) { try key.parse(text) }
    }
  }

  @Test func updatesKeepUnknownKeysAndReplaceTheFile() throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("config/bookclub"), withIntermediateDirectories: true)
    try #"{"pageSize": 5, "futureKey": [1, 2, {"deep": null}], "note": "mine"}"#
      .write(toFile: path, atomically: false, encoding: .utf8)
    let store = SettingsStore(path: path)
    #expect(try store.load().pageSize == 5)
    try store.update { $0.set(.pageSize, to: .integer(7)) }
    let reloaded = try store.load()
    #expect(reloaded.pageSize == 7)
    #expect(
      reloaded.document["futureKey"]
        == .array([.integer(1), .integer(2), .object(["deep": .null])]))
    #expect(reloaded.document["note"] == .string("mine"))
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: folder.path("config/bookclub"))
    #expect(Set(leftovers) == ["settings.json", "settings.json.lock"])  // no temporary files
  }

  @Test func invalidStoredValuesFallBackToDefaults() throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("config/bookclub"), withIntermediateDirectories: true)
    try #"{"pageSize": "big", "color": "never"}"#.write(
      toFile: path, atomically: false, encoding: .utf8)
    let settings = try SettingsStore(path: path).load()
    #expect(settings.pageSize == 30)
    #expect(settings.color == .never)
    #expect(settings.invalidKeys == [.pageSize])
  }

  @Test func aCorruptFileIsReportedWithItsPlaceAndNeverOverwritten() throws {
    try FileManager.default.createDirectory(
      atPath: folder.path("config/bookclub"), withIntermediateDirectories: true)
    let text = "{\n  \"pageSize\": 5,\n  \"color\" \"never\"\n}\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let store = SettingsStore(path: path)
    #expect(
      throws: SettingsError.unreadable(
        path: path, line: 3, column: 11, detail: "it is not valid JSON")
    ) {
      try store.load()
    }
    #expect(throws: SettingsError.self) { try store.update { $0.set(.pageSize, to: .integer(9)) } }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    try "[1, 2]".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(throws: SettingsError.notAnObject(path: path)) { try store.load() }
  }

  @Test func resetAllKeepsUnknownKeys() throws {
    let store = SettingsStore(path: path)
    try store.update {
      $0.set(.pageSize, to: .integer(3))
      $0.set(.color, to: .choice("always"))
    }
    try FileLock.withLock(at: path + ".lock") {}
    var settings = try store.load()
    settings.resetAll()
    #expect(settings.document.isEmpty)
    #expect(try store.update { $0.reset(.pageSize) }.color == .always)
  }

  @Test func selectionsAreKeptPerScene() throws {
    let a = SelectionStore(folder: folder.path("state"), scene: "/dev/pts/3")
    let b = SelectionStore(folder: folder.path("state"), scene: "b")
    #expect(a.load() == nil)
    #expect(a.path.hasSuffix("/dev-pts-3.json"))
    let selection = Selection(bookID: 4, library: "/x.sqlite", time: Date(milliseconds: 7))
    try a.save(selection)
    #expect(a.load() == selection)
    #expect(b.load() == nil)
    a.clear()
    #expect(a.load() == nil)
  }
}
