import Foundation
import ReadingModel
import Testing

/// Imports that never lose a book: editions, three-way re-imports, two services on one
/// library, other libraries' archives, forgiving CSV, and the Goodreads round trip.
@Suite struct ImportMergeCommandTests: LibraryCommandSuite {
  let home = TestHome()

  func sample(_ name: String) -> String {
    ImportCommandTests.sampleFolder.appendingPathComponent(name).path
  }

  static let pairGoodreads = "same-reader/goodreads_library_export.csv"
  static let pairStoryGraph = "same-reader/storygraph_export.csv"

  /// Every book as `list --all --json` gives it.
  func books(library: String? = nil) async throws -> [[String: Any]] {
    try await json(["list", "--all"], library: library)["books"] as? [[String: Any]] ?? []
  }

  /// The bookclub export's books, one JSON object each.
  func archiveBooks(library: String? = nil) async throws -> [[String: Any]] {
    let text = try await run(["export"], library: library).stdout
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    return object?["books"] as? [[String: Any]] ?? []
  }

  func status(_ book: String, library: String? = nil) async throws -> String? {
    await (try json(["show", book], library: library)["book"] as? [String: Any])?["status"]
      as? String
  }

  func statusChangeCount(library: String? = nil) async throws -> Int {
    try await archiveBooks(library: library).reduce(0) {
      $0 + (($1["statusChanges"] as? [Any])?.count ?? 0)
    }
  }

  @Test func twoEditionsOfOneTitleAreTwoBooksAndReimportingChangesNothing() async throws {
    let first = try await json(["import", sample(Self.pairGoodreads)])
    #expect(first["added"] as? Int == 18)
    let titles = try await books().compactMap { $0["title"] as? String }
    // Different Book Ids with the same title and author, and with the same ISBN.
    #expect(titles.filter { $0.hasPrefix("The Fellowship of the Ring") }.count == 2)
    #expect(titles.filter { $0.hasPrefix("The Name of the Wind") }.count == 2)
    let again = try await json(["import", sample(Self.pairGoodreads)])
    #expect(again["added"] as? Int == 0)
    #expect(again["updated"] as? Int == 0)
    #expect(again["unchanged"] as? Int == 18)
  }

  @Test func localChangesSurviveAndWhatTheSourceClearedIsCleared() async throws {
    try await run(["add", "Middlemarch", "-a", "George Eliot", "--status", "finished"])
    try await run(["import", sample(Self.pairGoodreads)])
    // Added here as finished; the export still says on-hold: not reset.
    await #expect(try status("middlemarch") == "finished")
    try await run(
      ["import", sample("goodreads_library_export.csv")], library: home.path("b.sqlite"))
    let b = home.path("b.sqlite")
    #expect(try await run(["status", "persuasion", "finished"], library: b).status == 0)
    let history = try await statusChangeCount(library: b)
    let unchanged = try await json(["import", sample("goodreads_library_export.csv")], library: b)
    #expect(unchanged["updated"] as? Int == 0)
    await #expect(try status("persuasion", library: b) == "finished")
    await #expect(try statusChangeCount(library: b) == history)

    // The export changes: Emma unrated, her Date Read removed, Persuasion currently reading.
    let edited = home.path("edited.csv")
    var text = try String(contentsOfFile: sample("goodreads_library_export.csv"), encoding: .utf8)
    text = text.replacingOccurrences(
      of: "Paperback,474,2004,1807,2024/01/24,2024/01/24",
      with: "Paperback,474,2004,1807,,2024/01/24")
    text = text.replacingOccurrences(
      of: "=\"\"9780141439587\"\"\",4,", with: "=\"\"9780141439587\"\"\",0,")
    text = text.replacingOccurrences(
      of: "\"classics, to-read\",classics (#1),to-read,,,,0,,,0,,,,,\n2000005",
      with: "\"classics, currently-reading\",classics (#1),currently-reading,,,,0,,,0,,,,,\n2000005"
    )
    try text.write(toFile: edited, atomically: false, encoding: .utf8)
    let result = try await run(["import", edited], library: b)
    #expect(result.stderr.contains("1 updated"), "\(result.stderr)")
    #expect(result.stderr.contains("    rating: 4 → (empty)\n"))
    #expect(result.stderr.contains("    dates read: 2024-01-24 → (empty)\n"))
    #expect(
      result.stderr.contains(
        "#4 Persuasion: status: yours finished, export reading, was want to read"))
    let emma = try await json(["show", "emma"], library: b)["details"] as? [String: Any]
    #expect(emma?["rating"] == nil)
    #expect((emma?["readings"] as? [Any])?.isEmpty == true)
    await #expect(try status("persuasion", library: b) == "finished")
    let preferred = try await json(["import", edited, "--prefer", "source"], library: b)
    let conflicts = preferred["conflicts"] as? [[String: Any]] ?? []
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["resolution"] as? String == "source")
    await #expect(try status("persuasion", library: b) == "reading")
  }

  @Test func goodreadsThenStoryGraphGiveOneBookPerWork() async throws {
    try await run(["import", sample(Self.pairGoodreads)])
    let storygraph = try await json(["import", sample(Self.pairStoryGraph)])
    #expect(storygraph["added"] as? Int == 1)  // only the book Goodreads does not have
    let titles = try await books().compactMap { $0["title"] as? String }
    #expect(titles.count == 19)
    let works = Set(titles.map(MatchKey.title))
    #expect(works.count == 17)  // the two pairs of editions
    let history = try await statusChangeCount()
    for file in [Self.pairStoryGraph, Self.pairGoodreads, Self.pairStoryGraph] {
      let again = try await json(["import", sample(file)])
      #expect(again["updated"] as? Int == 0, "\(file)")
      #expect(again["added"] as? Int == 0, "\(file)")
    }
    await #expect(try statusChangeCount() == history)
    let crime = try await json(["show", "crime and punishment"])
    let details = crime["details"] as? [String: Any]
    #expect((crime["book"] as? [String: Any])?["isbn13"] as? String == "9780679734505")
    #expect((details?["identifiers"] as? [String])?.contains("9780143058144") == true)
    #expect(
      (details?["contributors"] as? [String]) == [
        "Richard Pevear (Translator)", "Larissa Volokhonsky (Translator)",
      ])
    #expect(details?["rating"] as? Double == 4.5)
    #expect((crime["book"] as? [String: Any])?["added"] as? String == "2022-10-01T00:00:00.000Z")
    let dalloway = try await json(["show", "dalloway"])["details"] as? [String: Any]
    #expect(dalloway?["publisher"] as? String == "Harcourt, Brace & World")
    let odyssey = try await json(["show", "odyssey"])["details"] as? [String: Any]
    #expect((odyssey?["sourceIDs"] as? [String: String])?["storygraph"] == "140268863")
  }

  @Test func anotherLibrarysArchiveAddsItsBooksNextToYours() async throws {
    let other = home.path("other.sqlite")
    try await run(["import", sample("goodreads_library_export.csv")], library: other)
    let archive = home.path("other.json")
    try await run(["export", "-o", archive], library: other)
    try await run(["add", "Kept Book", "-a", "Me Myself"])
    try await run(["progress", "set", "kept book", "10%", "--note", "my own note"])
    try await run(["add", "Another Mine", "-a", "Me Myself", "--status", "abandoned"])
    let before = try await archiveBooks()
    let imported = try await json(["import", archive])
    #expect(imported["added"] as? Int == 73)
    #expect(imported["updated"] as? Int == 0)
    let after = try await archiveBooks()
    #expect(after.count == 75)
    for mine in before {
      let id = mine["id"] as? Int
      let now = after.first { $0["id"] as? Int == id }
      #expect(NSDictionary(dictionary: mine).isEqual(to: now ?? [:]), "book \(id ?? 0) changed")
    }
    let again = try await json(["import", archive])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0)
    // This library's own archive comes back to the same books.
    let own = home.path("own.json")
    try await run(["export", "-o", own])
    let back = try await json(["import", own])
    #expect(back["unchanged"] as? Int == 75)
  }

  /// `text` with every field padded to its column's width, blanks around, as editors'
  /// "align columns" leave a file.
  static func padded(_ text: String) throws -> String {
    var reader = CSVReader(text: text)
    var rows: [[String]] = []
    while let record = try reader.next() { rows.append(record.fields.map(CSVWriter.quote)) }
    let widths = rows.reduce(into: [Int]()) { widths, row in
      for (index, field) in row.enumerated() {
        if index >= widths.count { widths.append(0) }
        widths[index] = max(widths[index], field.count)
      }
    }
    return rows.map { row in
      row.enumerated().map { index, field in
        "  " + field + String(repeating: " ", count: widths[index] - field.count) + "\t"
      }.joined(separator: ",")
    }.joined(separator: "\r\n") + "\r\n"
  }

  @Test(arguments: ["goodreads_library_export.csv", "storygraph_export.csv"])
  func paddedAndUTF16CopiesImportLikeTheOriginal(_ name: String) async throws {
    let original = try String(contentsOfFile: sample(name), encoding: .utf8)
    let padded = home.path("padded.csv")
    try Self.padded(original).write(toFile: padded, atomically: false, encoding: .utf8)
    let utf16 = home.path("utf16.csv")
    try original.data(using: .utf16LittleEndian).map { Data([0xFF, 0xFE]) + $0 }?.write(
      to: URL(fileURLWithPath: utf16))
    var exports: [String] = []
    for (index, file) in [sample(name), padded, utf16].enumerated() {
      let copy = home.path("copy\(index).sqlite")
      let summary = try await json(["import", file], library: copy)
      #expect(summary["added"] as? Int == 73, "\(file)")
      #expect((summary["skipped"] as? [Any])?.isEmpty == true, "\(file)")
      exports.append(try await run(["export", "--format", "goodreads"], library: copy).stdout)
    }
    #expect(exports[1] == exports[0])
    #expect(exports[2] == exports[0])
  }

  @Test func anImportWhereEveryRowIsSkippedFails() async throws {
    let path = home.path("untitled.csv")
    let header = GoodreadsExport.header.joined(separator: ",")
    let row = Array(repeating: "", count: GoodreadsExport.header.count).joined(separator: ",")
    try "\(header)\n1\(row)\n2\(row)\n".write(toFile: path, atomically: false, encoding: .utf8)
    let result = try await run(["import", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("0 added, 0 updated, 0 unchanged, 2 skipped"))
    #expect(result.stderr.contains("Error: None of the 2 rows could be imported"))
    await #expect(try books().isEmpty)
  }

  @Test func aDryRunTouchesNoFileAndShowsEachChange() async throws {
    let missing = home.url.appendingPathComponent("nowhere/library.sqlite").path
    let dry = try await run(["import", sample(Self.pairGoodreads), "--dry-run"], library: missing)
    #expect(dry.status == 0)
    #expect(dry.stderr.contains("18 added"))
    #expect(dry.stderr.contains("Would add:\n  line 2: The Fellowship of the Ring"))
    #expect(!FileManager.default.fileExists(atPath: home.path("nowhere")))
    try await run(["import", sample(Self.pairGoodreads)])
    let before = try await run(["export"]).stdout
    let preview = try await run(["import", sample(Self.pairStoryGraph), "--dry-run"])
    #expect(preview.stderr.contains("Would update:\n  line 2, #1 The Fellowship of the Ring"))
    #expect(preview.stderr.contains("    rating: 5 → 4.75\n"))
    #expect(preview.stderr.contains("Nothing was changed."))
    let data = try await json(["import", sample(Self.pairStoryGraph), "--dry-run"])
    let change = (data["changes"] as? [[String: Any]])?.first { $0["book"] as? Int == 1 }
    let rating = (change?["fields"] as? [[String: String]])?.first { $0["field"] == "rating" }
    #expect(rating == ["field": "rating", "before": "5", "after": "4.75"])
    #expect(try await run(["export"]).stdout == before)
  }

  @Test(arguments: ["goodreads_library_export.csv", "same-reader/goodreads_library_export.csv"])
  func goodreadsRoundTripKeepsEveryKeptColumn(_ name: String) async throws {
    try await run(["import", sample(name)])
    let exported = home.path("exported.csv")
    #expect(try await run(["export", "--format", "goodreads", "-o", exported]).status == 0)
    let before = try Self.rows(sample(name))
    let after = try Self.rows(exported)
    #expect(after.count == before.count)
    for (original, written) in zip(before, after) {
      for column in GoodreadsExport.header {
        guard let value = original[column] else { continue }
        #expect(written[column] == value, "\(original["Title"] ?? "") \(column)")
      }
    }
  }

  /// A book edited since the import gets its new value, and the columns its edit did not
  /// touch keep the file's own spelling; the books left alone are written as they were read.
  @Test func anEditedBookExportsItsEditBesideTheFilesSpelling() async throws {
    let name = "goodreads_library_export.csv"
    try await run(["import", sample(name)])
    #expect(try await run(["rate", "1", "4"]).status == 0)
    let exported = home.path("exported.csv")
    #expect(try await run(["export", "--format", "goodreads", "-o", exported]).status == 0)
    let before = try Self.rows(sample(name))
    let after = try Self.rows(exported)
    #expect(after[0]["My Rating"] == "4")
    #expect(before[0]["My Rating"] == "0")
    for column in GoodreadsExport.header where column != "My Rating" {
      #expect(after[0][column] == before[0][column], "\(column)")
    }
    #expect(
      Array(after.dropFirst())
        == Array(before.dropFirst()).map { row in
          row.filter { GoodreadsExport.header.contains($0.key) }
        })
  }

  /// A CSV file's rows as dictionaries by column name.
  static func rows(_ path: String) throws -> [[String: String]] {
    var reader = try CSVReader(path: path)
    guard let header = try reader.next()?.fields else { return [] }
    var rows: [[String: String]] = []
    while let record = try reader.next() {
      rows.append(Dictionary(zip(header, record.fields), uniquingKeysWith: { first, _ in first }))
    }
    return rows
  }

  @Test func customShelvesMapByNameOrAsTold() async throws {
    let told = try await json([
      "import", sample("goodreads_library_export.csv"), "--shelf", "poetry-someday=abandoned",
    ])
    #expect(told["added"] as? Int == 73)
    let remarks = told["remarks"] as? [String] ?? []
    #expect(remarks.contains("the shelf 're-reading' is read as reading (line 67)"))
    #expect(!remarks.contains { $0.contains("poetry-someday") })
    #expect(
      try await run(["list", "--status", "abandoned", "--json"]).stdout.contains("Leaves of Grass"))
    let bad = try await run(["import", sample("goodreads_library_export.csv"), "--shelf", "dnf"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("Please write NAME=STATUS"))
    let pair = try await json(
      ["import", sample(Self.pairGoodreads)], library: home.path("pair.sqlite"))
    #expect(
      (pair["remarks"] as? [String])?.contains("the shelf 'dnf' is read as abandoned (line 10)")
        == true)
    let dune = try await json(["show", "dune"], library: home.path("pair.sqlite"))
    #expect((dune["book"] as? [String: Any])?["status"] as? String == "abandoned")
  }
}
