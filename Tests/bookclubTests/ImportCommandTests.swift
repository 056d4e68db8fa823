import Foundation
import ReadingModel
import TestSupport
import Testing

@testable import bookclub

/// `bookclub import` and `bookclub export`, run as a binary.
@Suite struct ImportCommandTests {
  let home = TestHome()
  var library: String { home.path("library.sqlite") }
  static let sampleFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-data")

  @discardableResult
  func run(_ arguments: [String], library: String? = nil) async throws -> BookclubProcess.Result {
    try await home.bookclub.run(
      arguments, extraEnvironment: ["BOOKCLUB_LIBRARY": library ?? self.library])
  }

  func sample(_ name: String) -> String { Self.sampleFolder.appendingPathComponent(name).path }

  func summary(_ result: BookclubProcess.Result) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test func importsTheSampleExportsAndReimportsChangeNothing() async throws {
    let first = try await run(["import", sample("goodreads_library_export.csv")])
    #expect(first.status == 0)
    #expect(first.stderr.hasPrefix("Imported "))
    #expect(first.stderr.contains("(Goodreads): 73 added, 0 updated, 0 unchanged, 0 skipped."))
    #expect(first.stderr.contains("the shelf 're-reading' is read as reading (line 67)"))
    #expect(
      first.stderr.contains("Columns not kept: Average Rating, Recommended For, Recommended By,"))
    let again = try summary(
      try await run(["import", sample("goodreads_library_export.csv"), "--json"]))
    #expect(again["unchanged"] as? Int == 73)
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0)
    // The rows were passed over by their digests, not mapped: no remark is made again.
    #expect((again["remarks"] as? [String])?.contains { $0.contains("re-reading") } == false)
    let storygraph = try summary(
      try await run(["import", sample("storygraph_export.csv"), "--json"]))
    #expect(storygraph["format"] as? String == "StoryGraph")
    #expect(storygraph["added"] as? Int == 0)
    #expect(storygraph["conflicts"] as? [Any] != nil)
    #expect((storygraph["skipped"] as? [Any])?.isEmpty == true)
    let twice = try summary(try await run(["import", sample("storygraph_export.csv"), "--json"]))
    #expect(twice["unchanged"] as? Int == 73)
    let listed = try await run(["list", "--all", "--json"])
    #expect(listed.stdout.components(separatedBy: "\"id\":").count - 1 == 73)
  }

  @Test func showTellsWhatTheImportKept() async throws {
    try await run(["import", sample("goodreads_library_export.csv")])
    let shown = try await run(["show", "emma"], library: library)
    for expected in [
      "Published Penguin Classics, 1807 · Paperback\n", "Rating    ★★★★☆ 4\n",
      "Tags      classics\n",
      "Read      2024-01-24\n", "Review\n  Badly done, Emma! — still my favourite Austen.\n",
    ] {
      #expect(shown.stdout.contains(expected), "missing \(expected)")
    }
    let json = try summary(try await run(["show", "emma", "--json"]))
    let details = json["details"] as? [String: Any]
    #expect(details?["publisher"] as? String == "Penguin Classics")
    #expect((details?["sourceIDs"] as? [String: String])?["goodreads"] == "2000002")
    #expect(Rating.display(3.75) == "★★★½☆ 3.75")
    #expect(Rating.display(5) == "★★★★★ 5")
  }

  @Test func exportImportExportIsByteIdentical() async throws {
    try await run(["import", sample("goodreads_library_export.csv")])
    let reread = try await run(["progress", "set", "emma", "40", "--note", "Box Hill", "--reread"])
    #expect(reread.status == 0, "\(reread.stderr)")
    try await run(["status", "persuasion", "reading"])
    let first = home.path("first.json")
    let exported = try await run(["export", "--output", first])
    #expect(exported.status == 0)
    #expect(exported.stderr == "Exported 73 books to \(first).\n")
    let copy = home.path("copy.sqlite")
    let imported = try await run(["import", first, "--json"], library: copy)
    #expect(try summary(imported)["added"] as? Int == 73)
    let second = try await run(["export"], library: copy)
    #expect(second.stdout == (try String(contentsOfFile: first, encoding: .utf8)))
    #expect(second.stdout.contains("Box Hill"))
    #expect(second.stdout.contains("\"readings\":[{\"end\":\"2024-01-24\"},{\"start\":"))
  }

  @Test func relativeAndHomePathsAreTheOnesMeant() async throws {
    try await run(["add", "Emma", "--author", "Jane Austen"])
    let folder = home.url.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let exported = try await home.bookclub.run(
      ["export", "-o", "books.json", "--library", library], in: folder)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("books.json").path))
    #expect(try await run(["export", "-o", "~/home.json"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: home.path("home.json")))
    let copy = home.path("copy.sqlite")
    let imported = try await home.bookclub.run(
      ["import", "books.json", "--library", copy], in: folder)
    #expect(imported.stderr.contains("1 added"))
  }

  @Test func goodreadsExportIsReadBackByTheGoodreadsImport() async throws {
    try await run(["import", sample("storygraph_export.csv")])
    let csv = home.path("goodreads.csv")
    #expect(try await run(["export", "--format", "goodreads", "-o", csv]).status == 0)
    let text = try String(contentsOfFile: csv, encoding: .utf8)
    #expect(
      text.hasPrefix(
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Publisher,"))
    #expect(text.contains("\"=\"\"0141439513\"\"\""))
    let copy = home.path("copy.sqlite")
    let imported = try summary(try await run(["import", csv, "--json"], library: copy))
    #expect(imported["format"] as? String == "Goodreads")
    #expect(imported["added"] as? Int == 73)
    let original = try await run(["list", "--all", "--json"]).stdout
    let roundTripped = try await run(["list", "--all", "--json"], library: copy).stdout
    func titlesAndStatuses(_ json: String) throws -> [String] {
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      return (object?["books"] as? [[String: Any]] ?? []).map {
        "\($0["title"] ?? "")|\($0["status"] ?? "")|\($0["isbn13"] ?? "")"
      }
    }
    #expect(try titlesAndStatuses(original) == titlesAndStatuses(roundTripped))
  }

  @Test func filesThatAreNoExportAreRefusedNamingWhatIsMissing() async throws {
    let path = home.path("sheet.csv")
    try "Book Id,Title,Author,ISBN\n1,Emma,Jane Austen,\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    let result = try await run(["import", path])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "This Goodreads export lacks the columns Additional Authors, ISBN13, My Rating"))
    #expect(!FileManager.default.fileExists(atPath: library))
    let other = home.path("other.csv")
    try "Name,Writer\nEmma,Austen\n".write(toFile: other, atomically: false, encoding: .utf8)
    let refused = try await run(["import", other])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("not an export bookclub reads"))
    #expect(try await run(["import", home.path("missing.csv")]).status == 1)
    #expect(try await run(["import", path, "--format", "excel"]).status == 64)
  }

  @Test func importedBooksSortAndFilterByTheirDetails() async throws {
    try await run(["import", sample("goodreads_library_export.csv")])
    func titles(_ arguments: [String]) async throws -> [String] {
      let result = try await run(["list", "--json", "--limit", "3"] + arguments)
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      let books = (object as? [String: Any])?["books"] as? [[String: Any]] ?? []
      return books.compactMap { $0["title"] as? String }
    }
    // Goodreads' Author l-f, its ratings, its Date Read and its shelves, from the insert.
    await #expect(
      try titles(["--sort", "author"]) == ["Little Women", "The Divine Comedy", "Meditations"])
    await #expect(try titles(["--sort", "rating"]).first == "The Odyssey")
    await #expect(try titles(["--finished-in", "2024", "--limit", "10"]).count == 5)
    await #expect(try titles(["--tag", "russian", "--limit", "10"]).count == 9)
    // Indexed for search in one statement at the end of the import, in its transaction.
    await #expect(try titles(["--search", "karamazov"]) == ["The Brothers Karamazov"])
    await #expect(try titles(["--search", "dostoevsky", "--limit", "10"]).count == 3)
  }

  @Test func dryRunChangesNothing() async throws {
    let result = try await run(["import", sample("goodreads_library_export.csv"), "--dry-run"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("73 added"))
    #expect(result.stderr.contains("Nothing was changed."))
    #expect(
      try await run(["list", "--json"]).stdout == "{\"books\":[],\"next\":null,\"total\":0}\n")
  }

  @Test func ctrlCDuringALargeImportLeavesTheLibraryAsItWas() async throws {
    try await run(["add", "Kept", "--author", "Me"])
    let before = try await run(["export"]).stdout
    let path = home.path("big.csv")
    try GeneratedExport.goodreads(rows: 20_000).write(
      toFile: path, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = BookclubProcess.executable
    process.arguments = ["import", path, "--library", library]
    process.environment = home.bookclub.environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let wal = library + "-wal"
    let walBefore = (try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0
    try process.run()
    // Interrupted once it is writing: the library's journal starts to grow. Watched closely,
    // and interrupted, from a thread of its own (a task's turn may come late on a busy
    // machine, after the import is over), for up to a minute.
    let interrupted = try await OwnThread.run {
      for _ in 0..<30_000 where process.isRunning {
        let size = (try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0
        if size > walBefore + 65536 {
          process.interrupt()
          return true
        }
        usleep(2000)
      }
      return false
    }
    #expect(interrupted, "the import ended or never started writing")
    try await process.exited()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 130, "\(stderr)")
    #expect(stderr.contains("Import cancelled; nothing was changed."))
    #expect(try await run(["export"]).stdout == before)
  }
}

/// Large exports made up for tests and benchmarks.
extension ImportCommandTests {
  /// A quirk on every row is remarked on row by row in --json, but the text stops after a
  /// screenful and counts the rest.
  @Test func manyRemarksAreCountedNotListedInText() async throws {
    let rows = (1...60).map { index in
      "\(index),Book \(index),Me,\"Me\",,=\"\",=\"9780000000005\",0,,,,,,,2024/01/15,,,to-read,,,,0,0"
    }
    let header = GoodreadsExport.header.joined(separator: ",")
    let csv = home.path("quirky.csv")
    try ([header] + rows).joined(separator: "\n").write(
      toFile: csv, atomically: true, encoding: .utf8)
    let text = try await run(["import", csv, "--dry-run"])
    #expect(text.status == 0)
    let shown = text.stderr.components(separatedBy: "is not an ISBN").count - 1
    #expect(shown == ImportReport.remarksShown, "\(text.stderr)")
    #expect(text.stderr.contains("… and 40 more; with --json every remark is listed."))
    let json = try summary(try await run(["import", csv, "--dry-run", "--json"]))
    #expect((json["remarks"] as? [Any])?.count == 60)
  }
}

enum GeneratedExport {
  static func goodreads(rows: Int) -> String {
    var text =
      "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies\n"
    text.reserveCapacity(rows * 200)
    let shelves = ["to-read", "currently-reading", "read", "did-not-finish"]
    for index in 1...rows {
      text +=
        "\(index),\"Generated Book \(index), a Novel\",Author \(index % 997),\"\(index % 997), Author\",,"
      text += "=\"\",=\"\",\(index % 6),3.9,Publisher,Paperback,\(100 + index % 700),2001,1999,"
      text +=
        "\(index % 3 == 0 ? "2024/03/0\(1 + index % 9)" : ""),2023/01/15,\"fiction, generated\",,"
      text +=
        "\(shelves[index % 4]),\"A review with a line<br/>break &amp; more\",,,\(index % 2),0\n"
    }
    return text
  }
}
