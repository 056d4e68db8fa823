import Foundation
import Testing

/// `bookclub settings ...`, run as a binary with a private config folder.
@Suite struct SettingsCommandTests {
  let home = TestHome()
  var settingsPath: String { home.path("config/bookclub/settings.json") }

  @discardableResult
  func run(_ arguments: [String]) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(arguments)
  }

  func writeSettings(_ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: home.path("config/bookclub"), withIntermediateDirectories: true)
    try text.write(toFile: settingsPath, atomically: false, encoding: .utf8)
  }

  @Test func toggleTwiceReturnsToTheFirstValue() async throws {
    let first = try await run(["settings", "toggle", "syncProgress"])
    #expect(first.status == 0)
    #expect(first.stdout == "false\n")
    #expect(try await run(["settings", "toggle", "syncProgress"]).stdout == "true\n")
    #expect(try await run(["settings", "get", "syncProgress"]).stdout == "true\n")
  }

  @Test func twentyConcurrentTogglesLeaveTheParityValue() async throws {
    let bookclub = home.bookclub
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for _ in 0..<20 {
        group.addTask { try await bookclub.run(["settings", "toggle", "updateArtwork"]).status }
      }
      for try await status in group { #expect(status == 0) }
    }
    // 20 flips of true: true again; and the file still parses.
    #expect(try await run(["settings", "get", "updateArtwork"]).stdout == "true\n")
    let data = try Data(contentsOf: URL(fileURLWithPath: settingsPath))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect(object?["updateArtwork"] as? Bool == true)
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for _ in 0..<7 {
        group.addTask { try await bookclub.run(["settings", "toggle", "updateArtwork"]).status }
      }
      for try await status in group { #expect(status == 0) }
    }
    #expect(try await run(["settings", "get", "updateArtwork"]).stdout == "false\n")
  }

  @Test func unknownKeysAreKeptAndPageSizeDrivesList() async throws {
    try writeSettings(#"{"pageSize": 5, "futureKey": [1,2]}"#)
    let library = home.path("library.sqlite")
    for index in 1...12 {
      try await run(["add", "Book \(index)", "--author", "A", "--library", library])
    }
    let listed = try await run(["list", "--library", library])
    #expect(listed.stdout.split(separator: "\n").count == 6)  // header and five books
    #expect(listed.stderr.hasPrefix("Showing 1–5 of 12 · next: bookclub list --after "))
    #expect(
      try await run(["list", "--limit", "7", "--library", library]).stdout.split(separator: "\n")
        .count
        == 8)
    #expect(try await run(["settings", "set", "pageSize", "7"]).status == 0)
    let object =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: settingsPath))) as? [String: Any]
    #expect(object?["pageSize"] as? Int == 7)
    #expect(object?["futureKey"] as? [Int] == [1, 2])
  }

  @Test func aCorruptFileIsLeftAloneAndNamed() async throws {
    let text = "{\"pageSize\": 5,, }"
    try writeSettings(text)
    for arguments in [
      ["settings", "set", "pageSize", "7"], ["settings", "toggle", "color"],
      ["settings", "list"], ["settings", "get", "pageSize"], ["settings", "reset", "--force"],
    ] {
      let result = try await run(arguments)
      if arguments[1] == "toggle" {
        #expect(result.status == 64)  // color is not a boolean: refused before any reading
        continue
      }
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains("'\(settingsPath)'"))
      #expect(result.stderr.contains("line 1, column 16"))
    }
    #expect(try String(contentsOfFile: settingsPath, encoding: .utf8) == text)
    // Other commands warn once and go on with defaults.
    let listed = try await run(["list"])
    #expect(listed.status == 0)
    #expect(listed.stderr.components(separatedBy: "warning: ").count == 2)
    #expect(listed.stderr.contains("Using default settings."))
    #expect(try String(contentsOfFile: settingsPath, encoding: .utf8) == text)
  }

  @Test func listShowsValuesDefaultsAndMarksChanges() async throws {
    try await run(["settings", "set", "color", "never"])
    let listed = try await run(["settings", "list"])
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    #expect(lines.contains { $0.hasPrefix("* color          never   auto     Colour") })
    #expect(lines.contains { $0.hasPrefix("  pageSize       30      30       Books per page") })
    #expect(listed.stderr == "* differs from the default\n")
    let json = try await run(["settings", "list", "--json"])
    let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(rows?.count == 7)
    #expect(rows?.first { $0["key"] as? String == "color" }?["value"] as? String == "never")
    #expect(rows?.first { $0["key"] as? String == "pageSize" }?["default"] as? Int == 30)
  }

  @Test(arguments: [
    (
      ["settings", "get", "pagesise"],
      "Error: Unknown setting 'pagesise'. Did you mean 'pageSize'? Settings: updateArtwork, syncProgress, clubAutoSync, deviceAutoSync, pageSize, color, coverProtocol."
    ),
    (
      ["settings", "set", "colour", "never"],
      "Error: Unknown setting 'colour'. Did you mean 'color'? Settings: updateArtwork, syncProgress, clubAutoSync, deviceAutoSync, pageSize, color, coverProtocol."
    ),
    (
      ["settings", "set", "pageSize", "0"],
      "Error: The value '0' is invalid for 'pageSize'. Use a whole number from 1 to 1000."
    ),
    (
      ["settings", "set", "color", "blue"],
      "Error: The value 'blue' is invalid for 'color'. Use auto, always or never."
    ),
    (
      ["settings", "set", "syncProgress", "maybe"],
      "Error: The value 'maybe' is invalid for 'syncProgress'. Use true or false."
    ),
    (
      ["settings", "toggle", "pageSize"],
      "Error: The value 'pageSize' is invalid for '<key>'. Only true-or-false settings toggle (updateArtwork, syncProgress, clubAutoSync, deviceAutoSync); use 'bookclub settings set pageSize <value>'."
    ),
    (
      ["settings", "get", "zzzzzz"],
      "Error: Unknown setting 'zzzzzz'. Settings: updateArtwork, syncProgress, clubAutoSync, deviceAutoSync, pageSize, color, coverProtocol."
    ),
  ])
  func usageErrors(_ arguments: [String], _ message: String) async throws {
    let result = try await run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    #expect(!FileManager.default.fileExists(atPath: settingsPath))
  }

  @Test func resetOneOrAll() async throws {
    try writeSettings(#"{"pageSize": 5, "color": "never", "futureKey": true}"#)
    #expect(try await run(["settings", "reset", "pageSize"]).stdout == "30\n")
    #expect(try await run(["settings", "get", "color"]).stdout == "never\n")
    let refused = try await run(["settings", "reset"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("--force"))
    #expect(try await run(["settings", "get", "color"]).stdout == "never\n")
    #expect(try await run(["settings", "reset", "--force"]).status == 0)
    #expect(try await run(["settings", "get", "color"]).stdout == "auto\n")
    #expect(try String(contentsOfFile: settingsPath, encoding: .utf8).contains("futureKey"))
  }

  @Test func colorAlwaysColoursPipesButNoColorWins() async throws {
    let library = home.path("library.sqlite")
    try await run(["add", "Emma", "--author", "Jane Austen", "--library", library])
    try await run(["settings", "set", "color", "always"])
    let coloured = try await run(["list", "--library", library])
    #expect(coloured.stdout.contains("\u{1B}[1m"))
    let plain = try await home.bookclub.run(
      ["list", "--library", library], extraEnvironment: ["NO_COLOR": "1"])
    #expect(!plain.stdout.contains("\u{1B}["))
    try await run(["settings", "set", "color", "never"])
    #expect(!(try await run(["list", "--library", library]).stdout.contains("\u{1B}[")))
  }
}
