import Foundation
import ReadingModel
import TestSupport
import Testing

/// Other services' export files in (issue 30): each detected from the file, every row a
/// book, every reading kept, re-imported with nothing changed.
@Suite struct ServiceImportTests: LibraryCommandSuite {
  let home = TestHome()

  func write(_ text: String, as name: String) throws -> String {
    let path = home.path(name)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func book(_ words: String) async throws -> [String: Any] {
    try #require(try await json(["show", words])["book"] as? [String: Any])
  }

  /// Imports `bytes` as a file, expecting it refused (exit 1) with `message` and the
  /// library not made.
  func refuses(_ bytes: [UInt8], _ message: String) async throws {
    let file = home.path("refused-\(UUID().uuidString.prefix(8))")
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let refused = try await bookclub(["import", file], status: 1)
    #expect(refused.stderr.contains(message), "\(refused.stderr)")
  }

  func details(_ words: String) async throws -> [String: Any] {
    try #require(try await json(["show", words])["details"] as? [String: Any])
  }

  @Test func aHardcoverExportComesInWholeAndAgainChangesNothing() async throws {
    let file = try write(ServiceFixtures.hardcoverCSV, as: "hardcover.csv")
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "Hardcover", "\(first)")
    #expect(first["added"] as? Int == 4, "\(first)")
    let orchard = try await book("glass orchard")
    #expect(orchard["authors"] as? [String] == ["Mara Quill"], "\(orchard)")
    #expect(orchard["status"] as? String == "finished")
    #expect(orchard["pageCount"] as? Int == 412)
    let kept = try await details("glass orchard")
    #expect(kept["rating"] as? Double == 4.5)
    #expect(kept["contributors"] as? [String] == ["Tobias Fenn (Translator)"], "\(kept)")
    #expect(kept["tags"] as? [String] == ["favourites", "Winter Reads"], "\(kept)")
    #expect(kept["ownedCopies"] as? Int == 1 && kept["editionYear"] as? Int == 2019)
    let readings = try #require(kept["readings"] as? [[String: String]])
    #expect(
      readings == [
        ["start": "2024-01-05", "end": "2024-02-10"], ["start": "2025-02-01", "end": "2025-02-20"],
      ], "both readings are kept")
    let shown = try await bookclub(["show", "glass orchard"]).stdout
    #expect(shown.contains("Orchard Cycle #1"), "\(shown)")
    let harbor = try await book("signal harbor")
    #expect(harbor["authors"] as? [String] == ["Ada Renn"], "\(harbor)")
    #expect(harbor["format"] as? String == "audiobook" && harbor["length"] as? Int == 36000)
    #expect(try await book("salt road")["status"] as? String == "abandoned")
    let ignored = try await bookclub(["show", "long way"]).stdout
    #expect(ignored.contains("Ignored"), "an unknown status is kept as a tag: \(ignored)")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
  }

  @Test func aBookWyrmExportComesInWithItsReadingAndReview() async throws {
    let file = try write(ServiceFixtures.bookwyrmCSV, as: "bookwyrm-export.csv")
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "BookWyrm", "\(first)")
    #expect(first["added"] as? Int == 3, "\(first)")
    let orchard = try await details("glass orchard")
    #expect(orchard["rating"] as? Double == 4.5, "\(orchard)")
    #expect(orchard["review"] as? String == "Strange and lovely\n\nLoved the ending.", "\(orchard)")
    #expect((orchard["identifiers"] as? [String])?.contains("openlibrary:OL0000001M") == true)
    #expect(
      orchard["readings"] as? [[String: String]] == [["start": "2024-01-05", "end": "2024-02-10"]])
    let harbor = try await json(["show", "signal harbor"])
    #expect((harbor["book"] as? [String: Any])?["status"] as? String == "abandoned")
    let stopped = try #require(harbor["details"] as? [String: Any])
    #expect(stopped["spoiler"] as? Bool == true, "a review behind a warning: \(stopped)")
    let salt = try await details("salt road")
    #expect(salt["tags"] as? [String] == ["Owned"], "a custom shelf by its name: \(salt)")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
  }

  @Test func aLibraryThingExportComesInInEveryEncodingItWasWritten() async throws {
    let file = try write(
      ServiceFixtures.libraryThingTSV(ServiceFixtures.libraryThingRows), as: "LibraryThing.tsv")
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "LibraryThing", "\(first)")
    #expect(first["added"] as? Int == 3, "\(first)")
    let orchard = try await json(["show", "glass orchard"])
    let shown = try #require(orchard["book"] as? [String: Any])
    #expect(shown["authors"] as? [String] == ["Mara Quill"], "\(shown)")
    #expect(shown["isbn13"] as? String == "9780441478125" && shown["pageCount"] as? Int == 412)
    #expect(shown["status"] as? String == "finished")
    let kept = try #require(orchard["details"] as? [String: Any])
    #expect(kept["contributors"] as? [String] == ["Tobias Fenn (Translator)"], "\(kept)")
    #expect(kept["review"] as? String == "Strange\nand lovely.", "\(kept)")
    #expect(kept["tags"] as? [String] == ["fantasy", "orchards", "Favorites"], "\(kept)")
    #expect(kept["publisher"] as? String == "Example House" && kept["ownedCopies"] as? Int == 1)
    #expect(
      kept["readings"] as? [[String: String]] == [["start": "2024-01-05", "end": "2024-02-10"]])
    #expect(try await book("signal harbor")["status"] as? String == "reading")
    #expect(try await book("salt road")["status"] as? String == "want")
    // A collection of the reader's that names a status, and one --shelf chooses.
    var named = ServiceFixtures.libraryThingRows
    named[0]["Collections"] = "Your library, On hold"
    named[1]["Collections"] = "DNF pile"
    named[0]["Book Id"] = "200000001"
    named[1]["Book Id"] = "200000002"
    let shelved = try write(ServiceFixtures.libraryThingTSV(named), as: "named.tsv")
    let other = home.path("other.sqlite")
    try await bookclub(["import", shelved, "--shelf", "DNF pile=abandoned"], library: other)
    let onHold = try #require(
      try await json(["show", "glass orchard"], library: other)["book"] as? [String: Any])
    #expect(onHold["status"] as? String == "paused", "\(onHold)")
    let dnf = try #require(
      try await json(["show", "signal harbor"], library: other)["book"] as? [String: Any])
    #expect(dnf["status"] as? String == "abandoned", "\(dnf)")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")

    // Windows-1252, as older exports wrote it; and UTF-16 with its mark.
    var rows = ServiceFixtures.libraryThingRows
    rows[2]["Title"] = "Café – Noël"
    rows[2]["Book Id"] = "100000004"
    let text = ServiceFixtures.libraryThingTSV([rows[2]])
    let windows = Data(
      text.unicodeScalars.map { scalar -> UInt8 in
        switch scalar {
        case "–": 0x96
        default: UInt8(truncatingIfNeeded: scalar.value)
        }
      })
    let old = home.path("old.tsv")
    try windows.write(to: URL(fileURLWithPath: old))
    #expect(try await json(["import", old])["added"] as? Int == 1)
    #expect(try await bookclub(["list"]).stdout.contains("Café – Noël"))
    rows[2]["Book Id"] = "100000005"
    rows[2]["Title"] = "Ünïcode"
    let wide = home.path("wide.tsv")
    try
      ([0xFF, 0xFE]
      + Data(
        ServiceFixtures.libraryThingTSV([rows[2]]).utf16.flatMap {
          [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        })).write(to: URL(fileURLWithPath: wide))
    #expect(try await json(["import", wide])["added"] as? Int == 1)
    #expect(try await bookclub(["list"]).stdout.contains("Ünïcode"))
    // LibraryThing's CSV: the same columns, quoted where needed.
    rows[2]["Book Id"] = "100000006"
    rows[2]["Title"] = "Commas, \"Quotes\" and All"
    let columns = ServiceFixtures.libraryThingColumns
    let csv = home.path("LibraryThing.csv")
    try (CSVWriter.line(columns) + CSVWriter.line(columns.map { rows[2][$0] ?? "" })).write(
      toFile: csv, atomically: false, encoding: .utf8)
    let quoted = try await json(["import", csv])
    #expect(quoted["format"] as? String == "LibraryThing" && quoted["added"] as? Int == 1)
    #expect(try await bookclub(["list"]).stdout.contains("Commas, \"Quotes\" and All"))
  }

  @Test func anOpenreadsBackupComesInEveryReadingKept() async throws {
    let file = home.path("Openreads-2025_1_2-10_11_12.backup")
    try Data(ServiceFixtures.openreadsBackup()).write(to: URL(fileURLWithPath: file))
    let first = try await bookclub(["import", file])
    #expect(first.stderr.contains("it is in Openreads' trash"), "\(first.stderr)")
    let summary = try await json(["import", file, "--dry-run"])
    #expect(summary["format"] as? String == "Openreads", "\(summary)")
    let tide = try await json(["show", "tidewater"])
    let shown = try #require(tide["book"] as? [String: Any])
    #expect(shown["status"] as? String == "finished" && shown["pageCount"] as? Int == 320)
    let kept = try #require(tide["details"] as? [String: Any])
    #expect(kept["rating"] as? Double == 4.5, "\(kept)")
    #expect(kept["tags"] as? [String] == ["sci-fi", "owned", "favourite"], "\(kept)")
    #expect(
      kept["privateNotes"] as? String == "Borrowed." && kept["review"] as? String == "Loved it")
    #expect(
      kept["readings"] as? [[String: String]] == [
        ["start": "2023-01-02", "end": "2023-01-20"], ["start": "2024-05-01", "end": "2024-05-09"],
      ], "\(kept)")
    #expect(try await book("salt road")["title"] as? String == "Salt Road: A Journey")
    let old = try await details("old form")
    #expect(
      old["readings"] as? [[String: String]] == [["start": "2021-03-01", "end": "2021-03-05"]])
    #expect(try await bookclub(["list"]).stdout.contains("Thrown Away") == false)
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
    // A zip that is no backup, and one that is damaged: said, nothing changed.
    try await refuses(ZipFixture.zip([("notes.txt", Array("hi".utf8))]), "it has no books.backup")
    var broken = ServiceFixtures.openreadsBackup()
    broken[60] ^= 0xFF
    try await refuses(broken, "books.backup is damaged")
  }

  /// `--shelf` with a format that has no shelves is refused before the library is opened:
  /// read as nothing, it would be a choice silently dropped.
  @Test func aShelfGivenWithAFormatWithoutShelvesIsRefused() async throws {
    let file = home.path("Openreads-2025_1_2-10_11_12.backup")
    try Data(ServiceFixtures.openreadsBackup()).write(to: URL(fileURLWithPath: file))
    let refused = try await bookclub(["import", file, "--shelf", "someday=want"], status: 64)
    #expect(
      refused.stderr.contains("Openreads has no shelves: its statuses are its own"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("someday=want"))
    #expect(!FileManager.default.fileExists(atPath: home.path("library.sqlite")))
    // The same choice with a format that reads shelves is taken.
    let goodreads = try write(
      "Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Number of Pages,"
        + "Date Read,Date Added,Bookshelves,Exclusive Shelf\n"
        + "1,Dune,Frank Herbert,,,,0,412,,2024/01/02,someday,someday\n",
      as: "goodreads_library_export.csv")
    let taken = try await json(["import", goodreads, "--shelf", "someday=finished"])
    #expect(taken["added"] as? Int == 1, "\(taken)")
    #expect(try await book("dune")["status"] as? String == "finished")
  }

  @Test func aBookWyrmAccountExportKeepsEveryReadingAndMergesWithItsCSV() async throws {
    let file = home.path("bookwyrm-account-export.tar.gz")
    try Data(ServiceFixtures.bookwyrmAccountExport()).write(to: URL(fileURLWithPath: file))
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "BookWyrm account export", "\(first)")
    #expect(first["added"] as? Int == 2, "\(first)")
    let orchard = try await details("glass orchard")
    #expect(
      orchard["readings"] as? [[String: Any]] as NSArray? == [
        ["start": "2022-06-01", "end": "2022-06-20"], ["start": "2024-01-05", "end": "2024-02-10"],
        ["start": "2025-02-01", "end": "2025-02-03", "abandoned": true],
      ] as NSArray, "every readthrough: \(orchard)")
    #expect(orchard["rating"] as? Double == 4.5 && orchard["spoiler"] as? Bool == true)
    #expect(orchard["review"] as? String == "Strange and lovely\n\nLoved the ending.")
    #expect(try await details("signal harbor")["tags"] as? [String] == ["Owned"])
    // Its CSV names the same editions: the same books, nothing added.
    let csv = try write(ServiceFixtures.bookwyrmCSV, as: "bookwyrm-export.csv")
    let merged = try await json(["import", csv])
    #expect(merged["added"] as? Int == 1, "only Salt Road is new: \(merged)")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
    // A gzip file that is no account export, and a damaged one.
    try await refuses(
      ZipFixture.gzip(ZipFixture.tar([("notes.txt", Array("hi".utf8))])), "it has no archive.json")
    var broken = ServiceFixtures.bookwyrmAccountExport()
    broken[600] ^= 0xFF
    try await refuses(broken, "not a whole gzipped tar file")
  }

  @Test func anOpenreadsCSVComesInAsItsBackupWould() async throws {
    let file = try write(
      "title,subtitle,author,description,status,favourite,deleted,rating,pages,publication_year,isbn,olid,tags,my_review,notes,book_format,readings,date_added,date_modified\r\n"
        + "Tidewater,,Ana Example,Waves.,finished,true,false,4.5,320,2019,9780441478125,OL27260330M,sci-fi|||||owned,Loved it,,paperback,2023-01-02T00:00:00.000|2023-01-20T00:00:00.000|;2024-05-01T00:00:00.000|2024-05-09T00:00:00.000|,2023-01-02T10:11:12.345,2024-05-01T08:00:00.000\r\n"
        + "Salt Road,,B. Sample,,planned,false,false,,,,,,,,,ebook,,2024-02-03T09:00:00.000,2024-02-03T09:00:00.000\r\n"
        + "Thrown Away,,C. Gone,,finished,false,true,1.0,,,,,,,,paperback,,2024-02-03T09:00:00.000,\r\n",
      as: "Openreads-2025_1_2-10_11_12.csv")
    let first = try await json(["import", file])
    #expect(first["format"] as? String == "Openreads" && first["added"] as? Int == 2, "\(first)")
    let tide = try await details("tidewater")
    #expect(
      tide["rating"] as? Double == 4.5
        && tide["tags"] as? [String] == ["sci-fi", "owned", "favourite"])
    #expect((tide["readings"] as? [[String: String]])?.count == 2, "\(tide)")
    #expect(try await book("salt road")["status"] as? String == "want")
    let again = try await json(["import", file])
    #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0, "\(again)")
  }
}

/// Other services' files from strangers (issue 30): escape sequences, absurd dates, ten
/// thousand shelves, a byte order mark and CRLF: each read or refused with a clear word,
/// nothing raw on the terminal, the summary a screen long.
@Suite struct HostileServiceFileTests: LibraryCommandSuite {
  let home = TestHome()

  @Test func escapesAndAbsurdDatesInAHardcoverFileReachNoTerminalRaw() async throws {
    var rows = ServiceFixtures.hardcoverCSV.split(separator: "\r\n").map(String.init)
    rows[1] = rows[1].replacingOccurrences(
      of: "The Glass Orchard", with: "The Glass\u{1B}]0;owned\u{07} Orchard"
    )
    .replacingOccurrences(of: "2024-01-02,\"2024-01-05", with: "9999-99-99,\"0001-01-05")
    let file = home.path("hardcover.csv")
    try ("\u{FEFF}" + rows.joined(separator: "\r\n") + "\r\n").write(
      toFile: file, atomically: false, encoding: .utf8)
    let imported = try await bookclub(["import", file])
    let listed = try await bookclub(["list"])
    let shown = try await bookclub(["show", "glass"])
    for output in [imported.stdout, imported.stderr, listed.stdout, shown.stdout] {
      #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "\(output)")
    }
    #expect(listed.stdout.contains("Glass"), "\(listed.stdout)")
    let details = try #require(try await json(["show", "glass"])["details"] as? [String: Any])
    let readings = try #require(details["readings"] as? [[String: String]])
    // A day that is no day is left out; the year 1 is a day, kept as written.
    #expect(readings.first?["end"] == "2024-02-10", "\(readings)")
  }

  @Test func tenThousandShelvesAreOneSummaryNotTenThousandLines() async throws {
    let header = ServiceFixtures.bookwyrmCSV.split(separator: "\r\n")[0]
    var lines = [String(header)]
    for index in 0..<10_000 {
      lines.append(
        "Book \(index),Writer \(index),https://books.example.social/book/\(index),,,,,,,,,,,,,,,,,,,,,,,,,"
          + "slug-\(index),Shelf \(index),2024-01-02")
    }
    let file = home.path("bookwyrm-export.csv")
    try (lines.joined(separator: "\r\n") + "\r\n").write(
      toFile: file, atomically: false, encoding: .utf8)
    let imported = try await bookclub(["import", file])
    #expect(imported.stderr.contains("10000 added"), "\(imported.stderr.prefix(500))")
    let lineCount = imported.stderr.split(separator: "\n").count
    #expect(lineCount < 200, "the summary is \(lineCount) lines")
  }

  @Test func archivesThatLieAboutTheirSizesAreRefusedNotFollowed() async throws {
    let file = home.path("bookwyrm-account-export.tar.gz")
    // A tar header whose size is negative: once a crash, or a loop that never ended.
    for size in ["-0000007", "-0002000", "+0000001", "00000009"] {
      var tar = ZipFixture.tar([("archive.json", Array("{}".utf8))])
      tar.replaceSubrange(124..<(124 + size.utf8.count), with: Array(size.utf8))
      try Data(ZipFixture.gzip(tar)).write(to: URL(fileURLWithPath: file))
      let refused = try await bookclub(["import", file], status: 1)
      #expect(refused.stderr.contains("not a whole gzipped tar file"), "\(size): \(refused.stderr)")
    }
    // A gzip file of 30 bytes that says it unpacks to 500 MB: refused before any is set aside.
    var bomb = ZipFixture.gzip(Array("{}".utf8))
    bomb.replaceSubrange((bomb.count - 4)..<bomb.count, with: [0x00, 0x65, 0xCD, 0x1D])
    try Data(bomb).write(to: URL(fileURLWithPath: file))
    let lied = try await bookclub(["import", file], status: 1)
    #expect(lied.stderr.contains("not a whole gzipped tar file"), "\(lied.stderr)")
    // A rating that is no number a rating can be.
    let csv = home.path("Openreads.csv")
    try
      ("title,subtitle,author,description,status,favourite,deleted,rating,pages,publication_year,isbn,olid,tags,my_review,notes,book_format,readings,date_added,date_modified\r\n"
      + "Odd,,A. Writer,,finished,false,false,nan,,,,,,,,paperback,,,\r\n"
      + "Odder,,A. Writer,,finished,false,false,1e300,,,,,,,,paperback,,,\r\n").write(
        toFile: csv, atomically: false, encoding: .utf8)
    let odd = try await json(["import", csv])
    #expect(odd["added"] as? Int == 2, "\(odd)")
  }
}
